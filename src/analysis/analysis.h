// The analysis of one function (internal to the engine): its exploded
// graph, the state it carries, and the calls it steps into. The engine's
// sources share it: engine.cc explores, calls.cc handles calls (the C
// library's models, stepping into bodies and back), paths.cc builds a
// finding's path.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/engine.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <functional>
#include <iterator>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "analysis/libc.h"
#include "analysis/liveness.h"
#include "analysis/constraints.h"
#include "analysis/fninfo.h"
#include "analysis/flat_index.h"
#include "analysis/state.h"
#include "analysis/store.h"
#include "analysis/svalue.h"

namespace pathwise::detail {

using namespace ir;

// a OP b for two constants in type t (wrapped to its width), where C
// defines it: false for a division by zero, a shift past 63 bits, an
// operator that is no arithmetic.
bool fold_constants(OpName op, int64_t a, int64_t b, const Type &t, int64_t &out);
// v as an integer of type t holds it: cut to t's width, and sign-extended
// if t is signed ("unsigned int arithmetic wraps at 2^32"; ~1 of a one-bit
// bool is 0). Other types: v.
int64_t in_width(const Type &t, uint64_t v);

// ---------------------------------------------------------------------------
// Events recorded while exploring; the path builder words them later.

struct RawEvent {
  // NullOrigin: a variable was given the NULL constant ("'p' is NULL").
  // Outcome: which outcome of a call this path takes ("when 'realloc' fails").
  // Call, Entry, Return: a call into a function with a body, its entry, and
  // the return to the caller.
  // Marker: something the engine did to an object v that a warning about
  // v (Pending::v, an engine warning's) tells ("'va_start' called here").
  enum class Kind : uint8_t { StateChange, Branch, ToHere, NullOrigin, Outcome, Call, Entry, Return, Marker } kind;
  Loc loc;
  uint32_t fn = 0;    // the function it happens in
  uint16_t depth = 1; // its stack depth
  // Call: the arguments and their texts, and the callee (to word "passing
  // freed pointer 'p' in call to 'f' from 'g'"; the caller is fn).
  std::vector<std::pair<SvalId, std::string>> args;
  uint32_t callee = 0;
  bool is_return = false;   // NullOrigin: NULL returned by a call stepped into...
  bool from_return = false; // ...defensively (it returns non-NULL elsewhere)
  bool stored = false;      // NullOrigin: NULL stored into memory ("l->next = 0")
  // StateChange
  uint8_t checker = 0;
  SvalId v = 0;
  StateId from = 0, to = 0;
  std::string expr;
  // Branch: text is "following %<true%> branch (when ...)..."
  std::string text;
  // Or, instead of text, a text the analysis keeps as long as its nodes
  // (a branch's, made once per instruction: not copied per path).
  const std::string *shared_text = nullptr;
  const std::string &text_ref() const { return shared_text ? *shared_text : text; }
};

struct Node {
  uint32_t block;
  // Where in the block the node starts; with `resumed`, that instruction
  // (a call stepped into) has run, and the node goes on after it.
  uint32_t start;
  bool resumed;
  State state;
  int32_t pred;
  std::vector<RawEvent> events; // on the way from pred to here (pred's value names)
  std::vector<std::pair<SvalId, SvalId>> renames; // (old, new) applied on entry
  Loc entry_loc; // where the path entered the block (for statements without a location)
  bool entry_own = false; // the entering jump had a location of its own (an early 'return;')
  size_t join_key = 0;    // State::join_key() of state once asked (0: not yet)
};

inline SvalId rename_back(const std::vector<std::pair<SvalId, SvalId>> &renames, SvalId v) {
  for (const auto &r : renames)
    if (r.second == v)
      return r.first;
  return v;
}

// What kind of memory an object is, for an out-of-bounds warning's
// wording and CWE.
enum class Memory : uint8_t { Stack, Heap, Other };

struct Pending {
  const Warning *warning;
  uint8_t checker;
  SvalId v;
  std::string expr;
  Loc loc;
  uint32_t fn;    // where it happens
  uint16_t depth; // at which stack depth
  int32_t node;
  std::vector<RawEvent> events; // after the node's block entry
  Origin origin;                // an extra first event, if its text is set
  int arg;                      // %A
  Origin note;                  // a note after the warning, if its text is set
  std::string detail, detail2;  // %D, %X
  std::vector<Origin> more_notes; // after `note`
  Origin last_event = {};         // an extra event just before the warning's own, if its text is set
  std::shared_ptr<const AccessDiagram> diagram = {}; // out-of-bounds: the picture of the access
  bool once_per_path = false; // uninit: not told again where the path told it already
};

// CWE-457: a read of a variable or of memory nothing has written.
inline const Warning kUninit{"use-of-uninitialized-value",
                             457,
                             "Use of Uninitialized Variable",
                             "use of uninitialized value %E",
                             {},
                             "use of uninitialized value %E here",
                             "use of uninitialized value %E here",
                             kAnyState};

// The region model's other warnings (GCC 12's names; CWE where one fits).
inline const Warning kWriteToConst{"write-to-const", 0, "", "write to %<const%> object %E", {},
                                   "write to %<const%> object %E here", "write to %<const%> object %E here", kAnyState};
inline const Warning kWriteToStringLiteral{"write-to-string-literal", 0, "", "write to string literal", {},
                                           "write to string literal here", "write to string literal here", kAnyState};
inline const Warning kShiftNegative{"shift-count-negative", 0, "", "shift by negative count (%E)", {},
                                    "shift by negative count (%E)", "shift by negative count (%E)", kAnyState};
inline const Warning kShiftOverflow{"shift-count-overflow", 0, "", "shift by count (%E) >= precision of type (%D)", {},
                                    "shift by count (%E) >= precision of type (%D)",
                                    "shift by count (%E) >= precision of type (%D)", kAnyState};
// CWE-562: Return of Stack Variable Address.
inline const Warning kStaleFrame{"use-of-pointer-in-stale-stack-frame", 562, "Return of Stack Variable Address",
                                 "dereferencing pointer %E to within stale stack frame", {},
                                 "dereferencing pointer %E to within stale stack frame",
                                 "dereferencing pointer %E to within stale stack frame", kAnyState};
inline const Warning kStaleSetjmp{"stale-setjmp-buffer", 0, "",
                                  "%<longjmp%> called after enclosing function of %<setjmp%> has returned", {},
                                  "%<longjmp%> called after enclosing function of %<setjmp%> has returned",
                                  "%<longjmp%> called after enclosing function of %<setjmp%> has returned", kAnyState};
// Out-of-bounds accesses (GCC 13's -Wanalyzer-out-of-bounds): by what is
// accessed (written, read) past which end of what kind of memory, each
// with its CWE. The final event (%D) says which bytes and where the
// buffer ends.
#define PATHWISE_OOB(id, cwe, title, message)                                                                    \
  inline const Warning id{"out-of-bounds", cwe, title, message, {}, "%D", "%D", kAnyState};
PATHWISE_OOB(kOverflow, 787, "Out-of-bounds Write", "buffer overflow")
PATHWISE_OOB(kStackOverflow, 121, "Stack-based Buffer Overflow", "stack-based buffer overflow")
PATHWISE_OOB(kHeapOverflow, 122, "Heap-based Buffer Overflow", "heap-based buffer overflow")
PATHWISE_OOB(kUnderwrite, 124, "Buffer Underwrite ('Buffer Underflow')", "buffer underwrite")
PATHWISE_OOB(kStackUnderwrite, 124, "Buffer Underwrite ('Buffer Underflow')", "stack-based buffer underwrite")
PATHWISE_OOB(kHeapUnderwrite, 124, "Buffer Underwrite ('Buffer Underflow')", "heap-based buffer underwrite")
PATHWISE_OOB(kOverRead, 126, "Buffer Over-read", "buffer over-read")
PATHWISE_OOB(kStackOverRead, 126, "Buffer Over-read", "stack-based buffer over-read")
PATHWISE_OOB(kHeapOverRead, 126, "Buffer Over-read", "heap-based buffer over-read")
PATHWISE_OOB(kUnderRead, 127, "Buffer Under-read", "buffer under-read")
PATHWISE_OOB(kStackUnderRead, 127, "Buffer Under-read", "stack-based buffer under-read")
PATHWISE_OOB(kHeapUnderRead, 127, "Buffer Under-read", "heap-based buffer under-read")
#undef PATHWISE_OOB

// CWE-131: an allocation's size is not a multiple of the size of what the
// pointer it is given to points to (GCC 13's allocation-size).
inline const Warning kAllocationSize{"allocation-size", 131, "Incorrect Calculation of Buffer Size",
                                     "allocated buffer size is not a multiple of the pointee's size", {}, "%D", "%D",
                                     kAnyState};

// CWE-475: memcpy's source and destination overlap (GCC 14's warning).
inline const Warning kOverlapping{"overlapping-buffers", 475, "Undefined Behavior for Input to API",
                                  "overlapping buffers passed as arguments to %<%D%>", {},
                                  "overlapping buffers passed as arguments to %<%D%>",
                                  "overlapping buffers passed as arguments to %<%D%>", kAnyState};

// CWE-562: the address of a local still held by a global as its function
// returns (Clang's stack-address-escape); a later use is
// use-of-pointer-in-stale-stack-frame.
inline const Warning kStackAddressEscape{"stack-address-escape", 562, "Return of Stack Variable Address",
                                         "address of local variable %E is still held by %<%D%> when %<%X%> returns",
                                         {},
                                         "%<%X%> returns while %<%D%> holds the address of %E",
                                         "%<%X%> returns while %<%D%> holds the address of %E", kAnyState};

// A pointer checked for NULL after the same function dereferenced it
// (GCC 13's deref-before-check; the check is useless, or the dereference
// a bug).
inline const Warning kDerefBeforeCheck{"deref-before-check", 0, "", "check of %E for NULL after already dereferencing it",
                                       {},
                                       "pointer %E is checked for NULL here but it was already dereferenced at %N",
                                       "pointer %E is checked for NULL here but it was already dereferenced",
                                       kAnyState};

// An allocation size computed in floating point (GCC 13's
// imprecise-fp-arithmetic; CWE-681 Incorrect Conversion between Numeric
// Types).
inline const Warning kImpreciseFp{"imprecise-fp-arithmetic", 681, "Incorrect Conversion between Numeric Types",
                                  "use of floating-point arithmetic here might yield unexpected results", {},
                                  "use of floating-point arithmetic here might yield unexpected results",
                                  "use of floating-point arithmetic here might yield unexpected results", kAnyState};

// Pointers into two different objects subtracted (GCC 15's
// undefined-behavior-ptrdiff; CWE-469 Use of Pointer Subtraction to
// Determine Size).
inline const Warning kPtrDiff{"undefined-behavior-ptrdiff", 469, "Use of Pointer Subtraction to Determine Size",
                              "undefined behavior when subtracting pointers", {},
                              "subtraction of pointers has undefined behavior if they do not point into the same array "
                              "object",
                              "subtraction of pointers has undefined behavior if they do not point into the same array "
                              "object",
                              kAnyState};

// strtok (NULL, ...) before strtok was ever given a string (GCC 14's
// undefined-behavior-strtok).
inline const Warning kStrtok{"undefined-behavior-strtok", 476, "NULL Pointer Dereference",
                             "calling %E for first time with NULL as argument 1 has undefined behavior", {},
                             "calling %E for first time with NULL as argument 1 has undefined behavior",
                             "calling %E for first time with NULL as argument 1 has undefined behavior",
                             kAnyState};

// An integer division or remainder by a value the path knows is zero
// (CWE-369).
inline const Warning kDivByZero{"div-by-zero", 369, "Divide By Zero", "division by zero", {},
                                "division by %E, which is zero here", "division by %E, which is zero here", kAnyState};

// A branch on an attacker-controlled value that decides whether an
// assertion fails (GCC 14's tainted-assertion; CWE-617 Reachable
// Assertion). %D: which function was taken as the failure handler.
inline const Warning kTaintedAssertion{"tainted-assertion", 617, "Reachable Assertion",
                                       "use of attacked-controlled value in condition for assertion", {}, "%D", "%D",
                                       kAnyState};

// A call through a function pointer that is NULL (GCC 13's
// jump-through-null).
inline const Warning kJumpThroughNull{"jump-through-null", 476, "NULL Pointer Dereference",
                                      "jump through null pointer", {}, "jump through null pointer here",
                                      "jump through null pointer here", kAnyState};

// A call that enters its function again with the same arguments, nothing
// changed since the last entry (GCC 13's infinite-recursion).
inline const Warning kInfiniteRecursion{"infinite-recursion", 674, "Uncontrolled Recursion", "infinite recursion", {},
                                        "recursive entry to %<%D%>", "recursive entry to %<%D%>", kAnyState};

// A way round a loop that, once taken, is taken for ever, with nothing
// observable done (GCC 14's infinite-loop).
// CWE-835: Loop with Unreachable Exit Condition ('Infinite Loop').
inline const Warning kInfiniteLoop{"infinite-loop", 835, "Loop with Unreachable Exit Condition ('Infinite Loop')",
                                   "infinite loop", {}, "...to here", "...to here", kAnyState};

// A stack object nothing has written, copied out of the process (to the
// kernel's user space, a file, a socket): what the stack held before is
// exposed (GCC 13's exposure-through-uninit-copy).
// CWE-200: Exposure of Sensitive Information to an Unauthorized Actor.
inline const Warning kExposureThroughUninitCopy{
    "exposure-through-uninit-copy",
    200,
    "Exposure of Sensitive Information to an Unauthorized Actor",
    "potential exposure of sensitive information by copying uninitialized data from stack across trust boundary",
    {},
    "uninitialized data copied from stack here by %<%D%>",
    "uninitialized data copied from stack here by %<%D%>",
    kAnyState};

// The mktemp family (GCC 17's names). %D: the function; %X: what is wrong.
inline const Warning kMktempOfStringLiteral{"mktemp-of-string-literal", 0, "", "%<%D%> on a string literal", {},
                                            "%<%D%> overwrites its template: here a string literal",
                                            "%<%D%> overwrites its template: here a string literal", kAnyState};
inline const Warning kMktempMissingPlaceholder{"mktemp-missing-placeholder", 0, "", "%<%D%> template %X", {},
                                               "%<%D%> fails on this template (EINVAL)",
                                               "%<%D%> fails on this template (EINVAL)", kAnyState};
inline const Warning kMkostempRedundantFlags{"mkostemp-redundant-flags", 0, "",
                                             "%<%D%> flags include %X, which it implies", {},
                                             "%<%D%> always opens read-write, creating the file exclusively: some "
                                             "systems reject %X",
                                             "%<%D%> always opens read-write, creating the file exclusively: some "
                                             "systems reject %X",
                                             kAnyState};

// va_list (GCC 13's names and CWE ids).
inline const Warning kVaListLeak{"va-list-leak", 401, "Missing Release of Memory after Effective Lifetime",
                                 "missing call to %<va_end%>", {},
                                 "missing call to %<va_end%> to match %<%D%> at %N",
                                 "missing call to %<va_end%> to match %<%D%>", kAnyState};
inline const Warning kVaListUseAfterVaEnd{"va-list-use-after-va-end", 0, "", "%<%D%> after %<va_end%>", {},
                                          "%<%D%> after %<va_end%>", "%<%D%> after %<va_end%>", kAnyState};
inline const Warning kVaListExhausted{"va-list-exhausted", 685, "Function Call With Incorrect Number of Arguments",
                                      "%E has no more arguments (%D consumed)", {},
                                      "%E has no more arguments (%D consumed)",
                                      "%E has no more arguments (%D consumed)", kAnyState};
inline const Warning kVaArgTypeMismatch{"va-arg-type-mismatch", 686, "Function Call With Incorrect Argument Type",
                                        "%<va_arg%> expected %<%D%> but received %<%X%> for variadic argument %A of %E",
                                        {},
                                        "%<va_arg%> expected %<%D%> but received %<%X%> for variadic argument %A of %E",
                                        "%<va_arg%> expected %<%D%> but received %<%X%> for variadic argument %A of %E",
                                        kAnyState};

inline const Warning *const kRegionWarnings[] = {&kAllocationSize, &kOverlapping, &kOverflow, &kStackOverflow, &kHeapOverflow, &kUnderwrite,
                                                 &kStackUnderwrite, &kHeapUnderwrite, &kOverRead, &kStackOverRead,
                                                 &kHeapOverRead, &kUnderRead, &kStackUnderRead, &kHeapUnderRead,
                                                 &kUninit, &kWriteToConst, &kWriteToStringLiteral, &kShiftNegative,
                                                 &kShiftOverflow, &kStaleFrame, &kStaleSetjmp, &kStackAddressEscape,
                                                 &kVaListLeak, &kVaListUseAfterVaEnd, &kVaListExhausted,
                                                 &kVaArgTypeMismatch, &kDerefBeforeCheck, &kInfiniteRecursion, &kInfiniteLoop, &kExposureThroughUninitCopy, &kMktempOfStringLiteral,
                                                 &kMktempMissingPlaceholder, &kMkostempRedundantFlags,
                                                 &kImpreciseFp, &kPtrDiff, &kStrtok, &kDivByZero, &kTaintedAssertion,
                                                 &kJumpThroughNull};

// Introspection for tests, as GCC's analyzer has it: __analyzer_dump_path ()
// reports a note with the path to the call.
inline const Warning kDumpPath{"introspection", 0, "", "path", {}, "here", "here", kAnyState};

inline std::string format_text(const char *tmpl, const std::string &expr, int ref, int arg = 0, const std::string &detail = "",
                        const std::string &detail2 = "") {
  std::string out;
  for (const char *p = tmpl; *p; ++p) {
    if (p[0] == '%' && (p[1] == 'D' || p[1] == 'X')) {
      out += p[1] == 'D' ? detail : detail2;
      ++p;
    } else if (p[0] == '%' && p[1] == 'A') {
      out += std::to_string(arg);
      ++p;
    } else if (p[0] == '%' && p[1] == 'E') {
      out += quote_expr(expr);
      ++p;
    } else if (p[0] == '%' && p[1] == 'N') {
      out += "(" + std::to_string(ref) + ")";
      ++p;
    } else {
      out += *p;
    }
  }
  return out;
}

inline const char *comparison_symbol(OpName op) {
  switch (op) {
  case OpName::Eq: return "==";
  case OpName::Ne: return "!=";
  case OpName::Lt: return "<";
  case OpName::Le: return "<=";
  case OpName::Gt: return ">";
  case OpName::Ge: return ">=";
  default: return "?";
  }
}

// Locals of the functions on the call stack are told apart by their frame:
// local l of the function at stack depth d (0 = the analysed function) is
// memory "L<d << kFrameShift | l>".
constexpr uint32_t kFrameShift = 20;
constexpr uint32_t kLocalMask = (1u << kFrameShift) - 1;

// ---------------------------------------------------------------------------
// The analysis of one function, and of the calls it makes into functions
// with a body (stepped into in the caller's context, up to a depth).

class FunctionAnalysis : private Constraints {
public:
  FunctionAnalysis(const Module &m, uint32_t fn_index, const EngineOptions &opts,
                   const std::vector<std::unique_ptr<Checker>> &checkers, const ModuleSummary &summary,
                   FnInfoCache &infos, const std::vector<ArgFacts> *given = nullptr)
      : Constraints(m_svals), m_module(m), m_entry(fn_index), m_opts(opts), m_checkers(checkers), m_summary(summary),
        m_worth_entering(summary.worth_entering), m_writes_nothing(summary.writes_nothing),
        m_deallocators(summary.deallocators), m_constant_args(&summary.constant_args[fn_index]), m_given(given),
        m_infos(infos) {
    m_cur = &info(fn_index);
  }

  FunctionResult run();
  void initial_globals(State &s);
  // What the analysed function's parameter k holds on entry: the constant
  // every call gives it, else its own incoming value.
  SvalId incoming_value(size_t k);

private:
  const Module &m_module;
  uint32_t m_entry;
  const EngineOptions &m_opts;
  const std::vector<std::unique_ptr<Checker>> &m_checkers;
  const ModuleSummary &m_summary;
  const std::vector<bool> &m_worth_entering;
  const std::vector<bool> &m_writes_nothing;
  const std::map<std::string, uint32_t> &m_deallocators;
  const std::vector<std::pair<bool, int64_t>> *m_constant_args; // the analysed function's, if every call agrees
  const std::vector<ArgFacts> *m_given; // what every call gives its parameters, if known (call_facts.h)
  // Facts of the calls not stepped into (FunctionResult::calls_not_entered).
  CallFacts m_calls_not_entered;
  // The call in (at block) to a function analysed in its callers was not
  // stepped into: what its arguments are joins m_calls_not_entered.
  void note_call_not_entered(const State &s, const Instruction &in);
  FnInfoCache &m_infos;          // shared by the analyses of the module
  const FnInfo *m_cur = nullptr; // the function being stepped through
  uint16_t m_depth = 1;          // its stack depth (1 = the analysed function)
  std::set<uint32_t> m_entered; // functions stepped into

  const FnInfo &info(uint32_t fn) { return m_infos.get(fn); }
  const Function &fn() const { return *m_cur->fn; }
  // The function an instruction uid belongs to.
  uint32_t function_of_uid(uint32_t uid) const { return m_infos.function_of_uid(uid); }
  // Steps through the function on top of s's stack from now on.
  void set_frame(const State &s) {
    m_cur = &info(s.fn);
    m_depth = static_cast<uint16_t>(s.stack.size() + 1);
  }
  // The frame-qualified id of the current function's local l.
  static SvalId local_id(const State &s, uint32_t l) {
    return static_cast<SvalId>((s.stack.size() << kFrameShift) | l);
  }
  // The function whose frame holds a frame-qualified local, and the local.
  const Local *local_of(const State &s, uint64_t lid) const {
    size_t depth = lid >> kFrameShift;
    const size_t l = lid & kLocalMask;
    if (depth > s.stack.size())
      return nullptr;
    const Function &f = m_module.functions[depth == s.stack.size() ? s.fn : s.stack[depth].fn];
    return l < f.locals.size() ? &f.locals[l] : nullptr;
  }
  // The text of a Call, Entry or Return event between functions caller
  // and callee ("calling 'f' from 'g'"), made once per analysis: events
  // share it (RawEvent::shared_text).
  const std::string &call_text(RawEvent::Kind kind, uint32_t caller, uint32_t callee);
  std::unordered_map<uint64_t, std::string> m_call_texts; // (kind, caller, callee) -> text
  // An event of the current frame.
  RawEvent event(RawEvent::Kind kind, const Loc &loc, std::string text = {}) const {
    RawEvent e;
    e.kind = kind;
    e.loc = loc;
    e.text = std::move(text);
    e.fn = m_cur->index;
    e.depth = m_depth;
    return e;
  }

  // (Interning is not a change of the analysis' state: const queries may
  // intern the constants they compare with.)
  mutable SvalTable m_svals;
  RegionTable m_regions; // the regions memory keys name (store.h)
  std::vector<Node> m_nodes;
  std::deque<int32_t> m_worklist;
  // Nodes by (program point, state hash) mixed into one key: a node
  // found here is the same only if its point is too.
  KeyIds m_seen;
  KeyValues m_states_at; // states by program point and calling context
  std::unordered_map<uint64_t, std::vector<int32_t>> m_point_nodes; // by program point
  std::vector<Pending> m_pending;
  std::map<uint32_t, std::pair<Loc, uint8_t>> m_evals; // __analyzer_eval: uid -> (place, Tri bits seen)
  std::map<uint32_t, std::pair<Loc, std::set<size_t>>> m_dump_nodes; // __analyzer_dump_exploded_nodes: uid -> states
  std::map<uint32_t, std::pair<Loc, std::set<std::string>>> m_dump_states; // __analyzer_dump_state: uid -> state names
  std::map<uint32_t, std::pair<Loc, std::set<std::string>>> m_dump_capacity; // __analyzer_dump_capacity: uid -> texts
  std::map<uint32_t, std::pair<Loc, std::string>> m_dump_messages; // other introspection: uid -> its answer
  bool m_entry_own = false; // passes take_branch's knowledge to enqueue
  bool m_path_ends = false;  // set by a call that does not return on this path
  // The entry frame's returns reached, and those not proven a non-NULL pointer (FunctionResult).
  size_t m_returns = 0, m_returns_maybe_null = 0;
  std::unordered_map<std::string, std::string> m_key_text; // text_key() -> text
  bool m_too_complex = false;
  bool m_paths_cut = false; // a path ended early inside a callee (FunctionResult::paths_cut)
  std::string m_too_complex_reason;

  // Current step.
  int32_t m_cur_node = -1;
  std::vector<RawEvent> *m_cur_events = nullptr;

  friend class Context;

  // --- values ---
  SvalId operand_value(const State &s, const Operand &o) {
    switch (o.kind) {
    case OpKind::Temp: {
      SvalId v = s.temp(o.id);
      return v ? v : kUnknownSval;
    }
    case OpKind::Int: return m_svals.get(SK::Const, o.value);
    case OpKind::Null: return m_svals.get(SK::Const, 0);
    case OpKind::LocalAddr: return m_svals.get(SK::LocalAddr, local_id(s, o.id));
    case OpKind::GlobalAddr: return m_svals.get(SK::GlobalAddr, o.id);
    case OpKind::Func: return m_svals.get(SK::FuncAddr, o.id);
    case OpKind::Str: return m_svals.get(SK::StrAddr, m_svals.string_id(o.str));
    case OpKind::Float: return o.str.empty() ? kUnknownSval : m_svals.get(SK::FloatConst, m_svals.string_id(o.str));
    case OpKind::Undef: {
      if (o.str.empty())
        return kUnknownSval;
      const SvalId v = m_svals.get(SK::Poison, m_svals.string_id(o.str));
      m_poison_decl.emplace(v, o.decl);
      return v;
    }
    default: return kUnknownSval;
    }
  }

  // --- uninitialized values ---
  std::map<SvalId, Loc> m_poison_decl; // Poison value -> its variable's declaration

  // One of the region model's own warnings (not a checker's).
  // (Also the introspection notes.) origin: an extra first event.
  void report_region(const Warning &w, const std::string &expr, const Loc &loc, const Origin &note = {},
                     const std::string &detail = "", const Origin &origin = {}) {
    if (m_opts.disabled.count(w.name))
      return;
    m_pending.push_back({&w, 0, 0, expr, loc, m_cur->index, m_depth, m_cur_node, *m_cur_events, origin, 0, note,
                         detail, "", {}});
  }

  // A write through pointer root `root` (or to place p's storage): into a
  // string literal, or a variable declared const.
  void check_writable_root(SvalId root, const Loc &loc) {
    const Sval &r = m_svals[root];
    if (r.kind == SK::StrAddr) {
      report_region(kWriteToStringLiteral, "", loc);
    } else if (r.kind == SK::GlobalAddr && static_cast<size_t>(r.a) < m_module.symbols.size()) {
      const Symbol &sym = m_module.symbols[static_cast<size_t>(r.a)];
      if (sym.kind == SymbolKind::Variable && sym.is_const)
        report_region(kWriteToConst, Module::source_name(sym.name), loc,
                      sym.loc.known() ? Origin{sym.loc, "declared here"} : Origin{});
    }
  }
  // The address of a variable declared const.
  bool const_variable(SvalId root) const {
    const Sval &r = m_svals[root];
    return r.kind == SK::GlobalAddr && static_cast<size_t>(r.a) < m_module.symbols.size() &&
           m_module.symbols[static_cast<size_t>(r.a)].kind == SymbolKind::Variable &&
           m_module.symbols[static_cast<size_t>(r.a)].is_const;
  }
  void check_writable(const State &s, const Place &p, const Loc &loc) {
    if (p.base == PlaceBase::Str)
      report_region(kWriteToStringLiteral, "", loc);
    else if (p.base == PlaceBase::Global)
      check_writable_root(m_svals.get(SK::GlobalAddr, p.id), loc);
    else if (p.base == PlaceBase::Deref)
      check_writable_root(root_of(operand_value(s, p.pointer)), loc);
  }

  // x << n, x >> n with n known: negative, or not less than x's width.
  void check_shift(const State &s, const Instruction &in, const Loc &loc) {
    int64_t n;
    if (!known_value(s, operand_value(s, in.operands[1]), n))
      return;
    const uint32_t bits = fn().temps[in.result].type.bits;
    // (A literal count too: "x << 32" is as wrong as "x << n" with n 32.)
    const Type &count_type = in.operands[1].is_temp() ? fn().temps[in.operands[1].id].type : in.operands[1].type;
    const bool is_signed = count_type.is_signed;
    if (count_type.kind != TypeKind::Int || count_type.bits == 0 || count_type.bits > 64 ||
        (count_type.bits < 64 && (n < (is_signed ? -(int64_t{1} << (count_type.bits - 1)) : 0) ||
                                  n > (int64_t{1} << (count_type.bits - (is_signed ? 1 : 0))) - 1)))
      return; // not a value of its type: the engine lost track
    if (n < 0 && is_signed)
      report_region(kShiftNegative, std::to_string(n), loc);
    else if (bits && (n < 0 || n >= static_cast<int64_t>(bits)))
      report_region(kShiftOverflow, std::to_string(is_signed ? n : static_cast<int64_t>(static_cast<uint64_t>(n))),
                    loc, {}, "%<" + std::to_string(bits) + "%>");
  }

  // The pointer of place p is into the frame of a function that returned:
  // reported (true: nothing to read there).
  bool uses_stale(const State &s, const Place &p, const Loc &loc) {
    if (p.base != PlaceBase::Deref)
      return false;
    if (m_svals[root_of(operand_value(s, p.pointer))].kind != SK::Stale)
      return false;
    report_region(kStaleFrame, m_cur->namer.pointer(p.pointer), loc);
    return true;
  }

  // A function returned (its frame popped): addresses of its locals that
  // are still held somewhere point to nothing now.
  // The function of frame `depth` returns at `at`: a global still holding
  // the address of one of its locals is reported.
  void escaping_locals(const State &s, uint64_t depth, const Loc &at) {
    if (m_opts.disabled.count(kStackAddressEscape.name))
      return;
    for (const auto &m : s.memory) {
      if (m_regions.kind(m.first) != 'G')
        continue;
      const SvalId r = root_of(m.second);
      if (!r || m_svals[r].kind != SK::LocalAddr || (static_cast<uint64_t>(m_svals[r].a) >> kFrameShift) != depth)
        continue;
      const Local *l = local_of(s, static_cast<uint64_t>(m_svals[r].a));
      const std::string holder = memory_text(s, rk(m.first));
      if (!l || !l->named_by_user() || holder.empty())
        continue;
      m_pending.push_back({&kStackAddressEscape, 0, 0, l->name, at, m_cur->index, m_depth, m_cur_node, *m_cur_events,
                           {}, 0, {l->loc, quote_expr(l->name) + " declared here"}, holder,
                           m_module.function_name(fn()), {}});
    }
  }

  void stale_locals(State &s) {
    std::vector<SvalId> stale;
    auto check = [&](SvalId v) {
      const SvalId r = root_of(v);
      if (r && m_svals[r].kind == SK::LocalAddr && (static_cast<uint64_t>(m_svals[r].a) >> kFrameShift) > s.stack.size())
        stale.push_back(r);
    };
    for (auto &t : s.temps)
      check(t.second);
    for (auto &f : s.stack)
      for (auto &t : f.temps)
        check(t.second);
    for (auto &m : s.memory)
      check(m.second);
    std::sort(stale.begin(), stale.end());
    stale.erase(std::unique(stale.begin(), stale.end()), stale.end());
    for (SvalId v : stale)
      rename_value(s, v, m_svals.get(SK::Stale, m_svals[v].a));
    for (auto &j : s.jmp_bufs)
      if (j.second > s.stack.size() + 1)
        j.second = 0;
  }

  // once_per_path: a pointer that came through a merge of paths (a phi)
  // dereferenced, told only if the path did not tell it already, as GCC
  // 13+ does (GCC's tests: a variable's own never-set value, and values
  // computed with, are told at each use).
  void report_uninit(const State &s, const std::string &expr, const Loc &decl, const Loc &loc,
                     bool once_per_path = false) {
    // (Only where the path is known possible: no facts were dropped on the
    // way, by generalization.)
    if (s.approximate || s.zero_trips)
      return;
    report_region(kUninit, expr, loc, {}, "", decl.known() ? Origin{decl, "region created on stack here"} : Origin{});
    if (!m_pending.empty() && m_pending.back().warning == &kUninit)
      m_pending.back().once_per_path = once_per_path;
  }

  // Operand o is used (computed with, passed, dereferenced, returned): the
  // value of a variable never set is reported. True if it was.
  bool use_operand(const State &s, const Operand &o, const Loc &loc, bool deref = false) {
    if (o.kind != OpKind::Undef && o.kind != OpKind::Temp)
      return false;
    const SvalId v = operand_value(s, o);
    if (m_svals[v].kind != SK::Poison)
      return false;
    auto d = m_poison_decl.find(v);
    report_uninit(s, m_svals.string_at(m_svals[v].a), d != m_poison_decl.end() ? d->second : Loc{}, loc,
                  deref && o.kind == OpKind::Temp);
    return true;
  }

  // The pointer and indices of place p are used: true if the pointer is
  // the value of a variable never set (reported; nothing to read or write).
  bool uses_poison(const State &s, const Place &p, const Loc &loc) {
    for (const Accessor &a : p.path)
      if (a.kind == Accessor::Kind::Index)
        use_operand(s, a.index, loc);
    return p.base == PlaceBase::Deref && use_operand(s, p.pointer, loc, true);
  }

  // The storage a memory key lies in: a local's address, or the pointer an
  // S key's region hangs off (0 for globals).
  SvalId key_root(const std::string &key) {
    if (key[0] == 'L')
      return m_svals.get(SK::LocalAddr, key_base(key));
    return key[0] == 'S' ? key_base(key) : 0;
  }

  // Bindings of memory were dropped (states joined or generalized): what
  // they described may have been written, so its storage no longer counts
  // as unwritten.
  void forget_unwritten(State &s, const Bindings &dropped) {
    for (const auto &m : dropped)
      if (!s.uninit.empty())
        set_erase(s.uninit, key_root(rk(m.first)));
  }

  // The steps of a key after its base, as kinds: ".8[2]" -> "fi".
  static std::string key_shape(const std::string &key) {
    std::string out;
    for (size_t k = key_base_end(key); k < key.size(); ++k)
      if (key[k] == '.' || key[k] == '[' || key[k] == '+')
        out += key[k] == '.' ? 'f' : key[k] == '[' ? 'i' : 'o';
    return out;
  }

  // Is a place of storage that is partly written read the way the
  // written places were (same steps), or is the storage untouched? A read
  // through another type (a cast, a union's other member) names bytes
  // the keys cannot compare: not to be taken for unwritten.
  bool laid_out_alike(const State &s, const std::string &key) const;

  // Was anything written in a union the place is in (a member shares its
  // bytes with the others: which of them it covers is not known)?
  bool union_written(const State &s, const Place &p);

  // Does memory bind anything at key or inside it?
  bool bound_inside(const State &s, const std::string &key) const {
    const RegionId r = m_regions.find(key);
    return r && binds_within(s.memory, m_regions, r);
  }

  // The current function's locals (not parameters) hold nothing yet.
  void uninit_locals(State &s) {
    for (uint32_t l = 0; l < fn().locals.size(); ++l)
      if (!fn().locals[l].is_param)
        set_insert(s.uninit, m_svals.get(SK::LocalAddr, local_id(s, l)));
  }

  // What pointer place p reads from or writes to: its root (a local's or
  // global's address, an allocation, a literal), or 0.
  SvalId place_root(const State &s, const Place &p) {
    switch (p.base) {
    case PlaceBase::Local: return m_svals.get(SK::LocalAddr, local_id(s, p.id));
    case PlaceBase::Global: return m_svals.get(SK::GlobalAddr, p.id);
    case PlaceBase::Str: return operand_value(s, p.pointer);
    case PlaceBase::Deref: return root_of(operand_value(s, p.pointer));
    }
    return 0;
  }

  // base + off, kept flat: an offset of an offset adds up (or becomes
  // unknown), so pointers stepped in a loop do not nest without bound.
  // field: the offset is a field's ("&p->el"): the memory it points to is
  // p's field, spelled as one (an offset by arithmetic, "p + 8", is beside
  // what p points to). Offsets of fields of fields stay fields.
  // (A place at an index the path does not know, named by its offset,
  // moved by known bytes keeps a name: "&t[i] + 8" is t[i]'s next field.)
  SvalId offset_value(SvalId base, int64_t off, bool field = false) {
    if (off == 0)
      return base;
    const Sval b = m_svals[base];
    if (b.kind == SK::Offset) {
      if (b.a == kUnknownOffset)
        return m_svals.get(SK::Offset, kUnknownOffset,
                           off != kUnknownOffset && b.b ? moved_offset(static_cast<SvalId>(b.b), off) : 0, b.base);
      int64_t total;
      if (off == kUnknownOffset || __builtin_add_overflow(b.a, off, &total))
        total = kUnknownOffset;
      return total == 0 ? b.base : m_svals.get(SK::Offset, total, field && b.b == 1 ? 1 : 0, b.base);
    }
    return m_svals.get(SK::Offset, off, field && off != kUnknownOffset ? 1 : 0, base);
  }

  // The place index * scale + add bytes on from where base points: named
  // by that offset (an SK::Scaled), so that the same index gives the same
  // place ("bn != &tab[h]" as a loop ends, then "bn == &tab[h]"), and
  // another index maybe another. Unnamed (somewhere in the object) where
  // base's own offset is not known. "i + 1" of a signed i, which cannot
  // wrap, is i's place one element on.
  SvalId indexed_place(SvalId base, SvalId index, int64_t scale, int64_t add) {
    const Sval b = m_svals[base];
    SvalId root = base;
    int64_t start = 0;
    if (b.kind == SK::Offset) {
      root = b.base;
      start = b.a;
    }
    int64_t c;
    if (index && index != kUnknownSval && m_svals[index].kind == SK::Const && scale > 0 &&
        !__builtin_mul_overflow(m_svals[index].a, scale, &c) && !__builtin_add_overflow(c, add, &c))
      return offset_value(base, c);
    const Sval x = index ? m_svals[index] : Sval{SK::Unknown, 0, 0, 0};
    if (x.kind == SK::Plus && plus_signed(x.b) && scale > 0 && !__builtin_mul_overflow(x.a, scale, &c) &&
        !__builtin_add_overflow(add, c, &add))
      index = x.base;
    if (start == kUnknownOffset || !index || index == kUnknownSval || scale <= 0 ||
        __builtin_add_overflow(start, add, &add))
      return m_svals.get(SK::Offset, kUnknownOffset, 0, root);
    return m_svals.get(SK::Offset, kUnknownOffset, static_cast<int64_t>(m_svals.get(SK::Scaled, scale, add, index)),
                       root);
  }
  // A Scaled offset moved by off bytes (0 if that overflows).
  SvalId moved_offset(SvalId scaled, int64_t off) {
    const Sval x = m_svals[scaled];
    int64_t add;
    if (__builtin_add_overflow(x.b, off, &add))
      return 0;
    return m_svals.get(SK::Scaled, x.a, add, x.base);
  }
  // The name of an Offset's place, if it has one (its Scaled offset).
  SvalId place_name(SvalId v) const {
    const Sval &x = m_svals[v];
    return x.kind == SK::Offset && x.a == kUnknownOffset ? static_cast<SvalId>(x.b) : 0;
  }

  // A value standing for whatever temporary t holds at block's entry
  // (widening, generalization).
  SvalId widened(uint32_t block, uint32_t t) {
    return m_svals.get(SK::Conjured, m_cur->uid_base[block], -1 - static_cast<int64_t>(t));
  }
  // (block uid, temporary) -> its widened value, for those made so far.
  KeyValues m_widened;

  // Widens temporary t (holding v) at block: its widened value, which from
  // now on stands for v. If the state still holds that value from an
  // earlier trip (an older object: the previous node of a list), the older
  // one is renamed first, so that the two are not taken for one object.
  // present: if given, the sorted roots the state names (see in_state),
  // worked out once (when first needed) for many temporaries.
  struct Roots {
    bool ready = false;
    std::vector<SvalId> sorted;
  };
  SvalId widen_to(State &s, uint32_t block, uint32_t t, SvalId v, Roots *present = nullptr);

  // Which way a loop's own variable moves as the loop goes round: +1 if
  // every way round leaves it as it was or adds a constant >= 0 ("n++"),
  // -1 if every way subtracts (adds one <= 0), 0 if unknown. Temporary t
  // is a phi of loop head `head`; with `local`, t is a local's index and
  // what counts is every store to it in the loop.
  int loop_step(uint32_t head, uint32_t t, bool local) const;
  // A counter widened at a loop head keeps the bound it started from on
  // the side it does not move (a count of pushes never falls below the
  // pushes the path made): the constant c that "w >= c" (step +1; the
  // least value `was` allowed) or "w <= c" (-1; the greatest) bounds it
  // by, or 0 if none.
  SvalId widened_bound(const State &s, SvalId was, int step) const;

  // The roots every part of the state names, sorted (what in_state looks
  // for one at a time).
  std::vector<SvalId> roots_in_state(const State &s) const;

  // Does any part of the state name v (or an offset from it)?
  bool in_state(const State &s, SvalId v) const;

  // Replaces value `from` by `to` everywhere in the state.
  void rename_value(State &s, SvalId from, SvalId to);
  // Two pointers a branch found equal, neither tracked by a checker: one
  // object from then on, named by one of them (the parameter, else the
  // older). A place both described with different values is forgotten.
  void unify_pointers(State &s, SvalId a, SvalId b);
  // Maps every value the state's notes name (State::changed: the value
  // read again, what the place held, the object a field belongs to) by
  // f, keeping the notes sorted (rename_value, canonicalize).
  template <class F> void map_notes(State &s, F f);

  // Whether v is a value a generalization made (widen_to, a caller's
  // temporary): it stands for what a variable held on any trip.
  bool is_widened(SvalId v) const { return m_svals[v].kind == SK::Conjured && m_svals[v].b < 0; }

  // Whether v is a floating-point constant (not a NaN), and its value.
  bool float_constant(SvalId v, double &out) const {
    if (m_svals[v].kind != SK::FloatConst)
      return false;
    const std::string &text = m_svals.string_at(m_svals[v].a);
    char *end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return end && end != text.c_str() && *end == 0 && out == out;
  }
  // The floating-point constant d, of a type of `bits` bits (32: float,
  // 64: double), spelled exactly enough to be read back; unknown if a NaN.
  SvalId float_value(double d, uint32_t bits) {
    if (d != d)
      return kUnknownSval;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", bits == 32 ? 9 : 17, d);
    return m_svals.get(SK::FloatConst, m_svals.string_id(buf));
  }

  // The 0/1 value of "a op b". Comparisons of comparisons nest only a few
  // deep (a loop like "flag = !flag" would otherwise nest without end).
  SvalId comparison_value(const State &s, SvalId a, OpName op, SvalId b, uint32_t uid) {
    int depth = 0;
    for (SvalId v = a; m_svals[v].kind == SK::Cmp && depth < 8; v = m_svals[v].base)
      ++depth;
    for (SvalId v = b; m_svals[v].kind == SK::Cmp && depth < 8; v = m_svals[v].base)
      ++depth;
    if (depth >= 3)
      return conjure(s, uid);
    return m_svals.get(SK::Cmp, static_cast<int64_t>(op), b, a);
  }

  // A readable name for a value: a variable holding it, else any
  // temporary or local memory with a text.
  std::string text_of_value(const State &s, SvalId v) const {
    std::string any;
    for (auto &t : s.temps)
      if (t.second == v) {
        if (fn().temps[t.first].var)
          return m_cur->temp_text[t.first];
        if (any.empty())
          any = m_cur->temp_text[t.first];
      }
    for (auto &m : s.memory)
      if (m.second == v && any.empty())
        any = memory_text(s, rk(m.first));
    // (A parameter of the analysed function, or the address of a variable:
    // "&m".)
    if (any.empty() && m_svals[v].kind == SK::LocalAddr)
      if (const Local *l = local_of(s, static_cast<uint64_t>(m_svals[v].a)); l && l->named_by_user())
        any = "&" + l->name;
    if (any.empty() && m_svals[v].kind == SK::Param && s.stack.empty() &&
        static_cast<size_t>(m_svals[v].a) < fn().params.size())
      any = m_cur->temp_text[fn().params[static_cast<size_t>(m_svals[v].a)]];
    if (any.empty() && m_svals[v].kind == SK::GlobalAddr && static_cast<size_t>(m_svals[v].a) < m_module.symbols.size())
      any = "&" + m_module.symbols[static_cast<size_t>(m_svals[v].a)].name;
    return any;
  }

  // A value whose name never changes (not renumbered by canonicalize).
  bool is_stable(SvalId v) const {
    switch (m_svals[v].kind) {
    case SK::Const:
    case SK::Param:
    case SK::LocalAddr:
    case SK::GlobalAddr:
    case SK::FuncAddr:
    case SK::StrAddr:
    case SK::FloatConst:
    case SK::Init:
      return true;
    default:
      return false;
    }
  }

  // Is v named anywhere in the state: bound, stored, the base of memory
  // still described (what an earlier object pointed to), or tracked?
  bool sval_in_use(const State &s, SvalId v) const;

  // A fresh value for instruction uid: the smallest k not in use.
  SvalId conjure(const State &s, uint32_t uid) {
    for (int64_t k = 0;; ++k) {
      SvalId v = m_svals.get(SK::Conjured, uid, k);
      if (!sval_in_use(s, v))
        return v;
    }
  }

  // The value an offset is taken from (offsets are kept flat: one step).
  SvalId root_of(SvalId v) const {
    while (v && m_svals[v].kind == SK::Offset)
      v = m_svals[v].base;
    return v;
  }

  bool distinct_storage(const State &s, SvalId fresh, SvalId other) const override;

  // Does some checker track v as a resource the path holds, not yet
  // released (whoever else may hold it too)?
  bool is_held(const State &s, SvalId v) const {
    for (size_t c = 0; c < m_checkers.size(); ++c)
      if (const StateId st = map_get<StateId>(s.sm[c], v, 0); st && m_checkers[c]->is_leakable(st))
        return true;
    return false;
  }

  bool is_fresh_allocation(const State &s, SvalId v) const {
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      StateId st = map_get<StateId>(s.sm[c], v, 0);
      if (st && m_checkers[c]->is_fresh_allocation(st))
        return true;
    }
    return false;
  }

  // --- memory ---
  // The key of a place in local memory, or "" if it is not local memory
  // with a constant path.
  // Keys: "L<local>" for the function's locals, "G<symbol>" for globals,
  // "S<value>" for what a pointer value points to (a symbolic region), then
  // "+offset", ".field-offset" and "[index]" steps.
  // The memory key of what pointer v points to, off bytes on; "" where
  // that is not known.
  std::string pointee_key(SvalId v, int64_t off = 0) const;
  // A scalar of type t read or written through a pointer to the start of
  // a variable wider than it ("*p" with p = array, or = &s of a struct) is
  // its first element or field: key (a variable's) becomes that part's,
  // ".0".
  void first_part_key(const State &s, std::string &key, const Type &t) const;
  // The type of the variable an address of kind LocalAddr (frame-qualified
  // local id) or GlobalAddr (symbol) names; nullptr if none.
  const Type *variable_type(const State &s, SK kind, uint64_t id) const;
  // The key of the array a place indexes with a value the path does not
  // know ("v" for v[i]); "" if every index is known or the array is not
  // memory with a constant path.
  std::string indexed_region_key(const State &s, const Place &p);

  // What the initializer of a global no code changes (see
  // ModuleSummary::stable) gives at global memory key: a function (a
  // table of function pointers), an integer, or zero where a complete
  // initializer says nothing; 0 if unknown.
  SvalId table_entry(const std::string &key);

  // v was read (conjured by load uid) from an element of a global array no
  // code changes, at an index this path does not fix (a generated
  // parser's table, yytable[yyn]): it is one of the table's entries over
  // the index's range (assumed), and which one depends on the index, a
  // relation the path drops (so the load is remembered as loose).
  void table_read(State &s, const Place &p, uint32_t uid, SvalId v);
  // Loads that read a table at an index their path did not fix (by uid).
  std::unordered_set<uint32_t> m_loose_loads;
  // Whether v was read so, or computed from such a value: a branch that
  // decides on it follows the table's entries, not the path's facts.
  bool from_loose_read(SvalId v, int depth = 0) const;
  // Whether taking "a op c" needs a value that code the path cannot see
  // changed (State::changed) to differ from what the path knew of it
  // before: the branch follows a guess, not the path's facts.
  bool needs_change(const State &s, SvalId a, OpName op, SvalId c);
  // Whether v is an unsigned sum "x + c" (c > 0) of a value the path knows
  // no bound of, which the path's facts allow only below c: only if x is
  // within c of the type's top, and the sum wrapped ("size + 1 == 0"). A
  // branch that needs that follows a guess about an extreme value (the
  // sizes and counts such sums compute never reach it), not a fact.
  bool needs_wrap(const State &s, SvalId v) const;
  // Remembers what s knew of the value bound to region r before code it
  // cannot see may change it (State::changed). A constant the program
  // stored counts only if `constants` (it is expected to change otherwise).
  void note_changed(State &s, RegionId r, SvalId v, bool constants = false) const;
  // What s knows of v, bound to r (as note_changed keeps it); false if
  // nothing worth keeping.
  bool known_of(const State &s, RegionId r, SvalId v, bool constants, State::Changed &out) const;
  // Code the path cannot see was given p: if p is a pointer read again
  // after a change, what the path knew of the fields of what it pointed to
  // before is no longer known of what p points to (that code may change
  // them).
  void given_changed(State &s, SvalId p) const;
  // Region r, changed so, is read again as v.
  void note_reread(State &s, RegionId r, SvalId v) const;
  // Whether v is a parameter of the analysed function, or computed from
  // parameters and constants alone ("flags & 4", "pat != NULL"): one value
  // on every path, which generalization keeps, with what is known of it,
  // while a checker tracks something (tracks_anything).
  bool from_params(SvalId v, int depth = 0) const;
  // Does a checker track anything on s (an allocation, a stream)? Then
  // the flags that say whether it was acquired are worth keeping exact.
  static bool tracks_anything(const State &s) {
    return std::any_of(s.sm.begin(), s.sm.end(), [](const SmMap &m) { return !m.empty(); });
  }

  // Global memory no code changes (a const or never-written static
  // variable, or inside one): what is known of it survives calls.
  bool stable_global(const std::string &key) const {
    return key[0] == 'G' && key_base(key) < m_summary.stable.size() && m_summary.stable[key_base(key)];
  }

  std::string local_key(const State &s, const Place &p);
  // The place of a read at an index the path does not fix, as
  // State::vague_reads names it (root, index, shape); false if it is not
  // one (a known place, two unknown indices, a pointer of unknown offset).
  // With known_too, an index the path has come to know since counts as
  // unknown: the place a read before it named.
  bool vague_place(const State &s, const Place &p, State::VagueRead &out, bool known_too = false);
  // What a read at an index the path did not know then gave, of the place
  // p (known now) names, nothing written since; 0 if none.
  SvalId read_before(const State &s, const Place &p);
  // Sums "base + k" of an unknown k made while the current block runs
  // (the parts of a pointer whose value keeps only "somewhere in base").
  struct PointerParts {
    uint32_t temp;
    SvalId base, index;
  };
  std::vector<PointerParts> m_pointer_parts;
  // A write or a call may have changed memory: what vague reads gave is
  // forgotten (a store into a local nobody else can reach forgets only
  // reads of that local).
  void forget_vague_reads(State &s, const Instruction &in);

  // Drops bindings of memory outside the locals (G and S keys) except
  // those of the same base as `keep` (a store there can only overlap its own
  // base's bindings, which write_memory handles). "" drops them all.
  // (passed: the keys of the objects the code was given ("S12", "G3"),
  // whose values it is expected to change; the facts of the others are
  // remembered in State::changed.)
  void forget_other_regions(State &s, const std::string &keep, const std::vector<std::string> &also_kept = {},
                            const std::vector<std::string> &passed = {});

  void escape_local(State &s, uint32_t local) { escape_contents(s, "L" + std::to_string(local)); }

  // What the memory under prefix ("L3", "S12") holds escapes.
  void escape_contents(State &s, const std::string &prefix);

  // What the local holds may have changed: forget it (and with `escape`,
  // let what it held escape first).
  void forget_local(State &s, uint32_t local, bool escape) {
    if (escape)
      escape_local(s, local);
    clear_memory(s, "L" + std::to_string(local));
  }

  // Does a call write what its argument k (0-based) points to? A C
  // library function's written buffer (libc::writes_argument, memcpy's
  // destination), or a parameter of sym declared access (write_only or
  // read_write).
  static bool writes_through(const Symbol *sym, std::string_view callee, size_t k) {
    auto declared = [&](const std::vector<uint32_t> &params) {
      return std::find(params.begin(), params.end(), k + 1) != params.end();
    };
    return libc::writes_argument(callee, k) || (sym && (declared(sym->write_only) || declared(sym->read_write)));
  }

  // Argument k of a C library call is written through (memset's buffer,
  // sprintf's): drops what the local or global it points into held in
  // the bytes written, or all of it where those are not known.
  void clear_written(State &s, const CallEvent &call, size_t k);
  // Where a C library call writes through argument k: the object (root),
  // the byte it starts at (-1: not known) and how many bytes (-1: not
  // known; from off to the end when off is).
  void written_bytes(const State &s, const CallEvent &call, size_t k, SvalId &root, int64_t &off, int64_t &n) const;
  // Whether the place of region r starts in bytes [off, off + n) of its
  // object (n < 0: to the end; off < 0: anywhere), as far as its key tells.
  bool starts_within(RegionId r, int64_t off, int64_t n) const;

  // Drops the bindings of key and of everything inside it (x.f, x[i]).
  void clear_memory(State &s, const std::string &key) {
    if (const RegionId r = m_regions.find(key))
      unbind_inside(s.memory, m_regions, r);
  }

  // Is the place of key inside a place bound to zero as a whole ("s = {}",
  // then s.p)?
  bool inside_zeros(const State &s, const std::string &key) const {
    const SvalId outer = enclosing_value(s, key);
    return outer && m_svals[outer].kind == SK::Const && m_svals[outer].a == 0;
  }

  // The value bound to the innermost place enclosing key's (not key's
  // own), 0 if none; *at: where that place's key ends in key.
  SvalId enclosing_value(const State &s, const std::string &key, size_t *at = nullptr) const;

  // What is read at key, inside memory a call filled (a Blob bound to key
  // or a place enclosing it): the Blob itself, or a Part of it; 0 if key is
  // not inside such memory.
  SvalId blob_read(const State &s, const std::string &key);

  // A call fills what pointer v points to: one Blob will stand for all of
  // it, bound once the call's other effects on memory are done.
  SvalId fill_pointee(uint8_t checker, SvalId v);
  struct Fill {
    std::string key;
    SvalId blob;
    uint8_t checker;
    StateId state; // what the checker made of it
  };
  std::vector<Fill> m_fills; // during a call
  bool m_any_fill = false;   // some call filled memory (reads may be inside a Blob)

  // A value computed from a and b (b may be 0): checkers that track either
  // may give it a state (taint spreads through arithmetic).
  void derive(State &s, SvalId result, SvalId a, SvalId b, const Loc &loc) {
    if (!result || result == a || result == b || m_svals[result].kind == SK::Const)
      return;
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      if (map_get<StateId>(s.sm[c], result, 0) ||
          (!map_get<StateId>(s.sm[c], a, 0) && !(b && map_get<StateId>(s.sm[c], b, 0))))
        continue;
      Context ctx(*this, s, static_cast<uint8_t>(c), loc);
      m_checkers[c]->on_derive(ctx, result, a, b);
    }
  }

  // The Blob (or Part of one) that the memory of place's base, before its
  // accessors, lies in; 0 if none.
  SvalId blob_under(const State &s, const Place &p);

  // A signed value converted to unsigned ("(unsigned) i <= 255", as
  // "i >= 0 && i < 256" is folded): a bound above is one below too.
  bool signed_as_unsigned(const Operand &o) const {
    if (!o.is_temp() || o.id >= m_cur->defs.size() || !m_cur->defs[o.id])
      return false;
    const Instruction &d = *m_cur->defs[o.id];
    const Type &t = fn().temps[o.id].type;
    return t.kind == TypeKind::Int && !t.is_signed && d.opcode == Opcode::Unary && d.op == OpName::Conv &&
           d.operands[0].is_temp() && fn().temps[d.operands[0].id].type.is_signed;
  }

  // The indices of a place are used as array indices.
  void use_indices(State &s, const Place &p, const Loc &loc) {
    for (const Accessor &a : p.path)
      if (a.kind == Accessor::Kind::Index && !index_stays_inside(s, p, a)) {
        const size_t before = m_pending.size();
        use_value(s, UseKind::ArrayIndex, a.index, loc);
        // (An array indexed directly: what the index must stay within.)
        if (m_pending.size() > before && p.path.size() == 1)
          note_capacity(s, place_root(s, p), a.elem_size, before);
      }
  }
  // Where the object root points to was declared or allocated (unknown
  // for a literal, or memory the analysed code did not make).
  Loc created_at(const State &s, SvalId root);
  // Findings made since `first` (an attacker-controlled index or offset
  // into the object root points to) get a note of the object's capacity,
  // with its valid subscripts for elements of elem bytes (0: not said).
  void note_capacity(const State &s, SvalId root, int64_t elem, size_t first);

  // The value of operand o is used as kind says (an index, an offset, a
  // divisor): checkers that track it are told.
  void use_value(State &s, UseKind kind, const Operand &o, const Loc &loc) {
    if (!o.is_temp())
      return;
    const SvalId v = operand_value(s, o);
    for (size_t c = 0; c < m_checkers.size(); ++c) {
      if (!map_get<StateId>(s.sm[c], v, 0))
        continue;
      // Signed as declared, before conversions ("(sizetype) i").
      uint32_t t = o.id;
      for (int hops = 0; hops < 4 && t < m_cur->defs.size() && m_cur->defs[t] &&
                         m_cur->defs[t]->opcode == Opcode::Unary && m_cur->defs[t]->op == OpName::Conv &&
                         m_cur->defs[t]->operands[0].is_temp();
           ++hops)
        t = m_cur->defs[t]->operands[0].id;
      Context ctx(*this, s, static_cast<uint8_t>(c), loc);
      m_checkers[c]->on_use(ctx, kind, v, fn().temps[t].type.is_signed, m_cur->namer.operand(o));
    }
  }

  // The number after a key's kind letter: the local of an L key, the
  // pointer value of an S key.
  static SvalId key_base(const std::string &key) { return static_cast<SvalId>(key_base_number(key)); }
  // The same of an interned region.
  SvalId region_base(RegionId r) const { return static_cast<SvalId>(m_regions.base_number(r)); }
  const std::string &rk(RegionId r) const { return m_regions.key(r); }

  // Binds key to v. A whole-value binding of an enclosing key no longer
  // describes the whole, so it goes.
  // (Memory a call filled keeps its Blob, and memory filled with zeros its
  // zero: what is not written over is still what was put there.)
  void write_memory(State &s, const std::string &key, SvalId v) { write_region(s, intern_region(key), v); }
  // The region of key, made on first use. A pointee's key must name a
  // value that exists (its number indexes the value tables): one that does
  // not is a bug, and the function is skipped rather than read or marked
  // past those tables' ends.
  RegionId intern_region(const std::string &key) {
    if (!key.empty() && key[0] == 'S' && key_base(key) >= m_svals.size())
      throw InternalError{"memory key '" + key + "' names no value"};
    return m_regions.intern(key);
  }
  void write_region(State &s, RegionId r, SvalId v);
  // The bindings a write to r overlaps: r's own, those inside r and those
  // of places enclosing r, as indices into s.memory in its order.
  std::vector<size_t> overlapping(const State &s, RegionId r) const;

  SvalId read_memory(const State &s, const std::string &key) const {
    const RegionId r = m_regions.find(key);
    return r ? bound_value(s.memory, r) : 0;
  }

  bool is_tracked(const State &s, SvalId v) const {
    for (const SmMap &m : s.sm)
      if (map_get<StateId>(m, v, 0))
        return true;
    return false;
  }

  void escape_value(State &s, SvalId v);

  // The name a dropped value v would be reported as leaked under: only a
  // value a checker tracks can leak, the others need none.
  std::string leak_text(const State &s, SvalId v, const std::string &name) const {
    return is_tracked(s, v) ? name : std::string();
  }

  // The temporary that holds one of f's parameters (as the function was
  // given it; the IR never assigns it again).
  static bool is_param_temp(const Function &f, uint32_t t) {
    return std::find(f.params.begin(), f.params.end(), t) != f.params.end();
  }

  // The analysed function's parameter v, declared a pointer to const.
  bool readonly_param(SvalId v) const {
    if (m_svals[v].kind != SK::Param)
      return false;
    const auto &ro = m_module.functions[m_entry].readonly_params;
    return std::find(ro.begin(), ro.end(), static_cast<uint32_t>(m_svals[v].a + 1)) != ro.end();
  }

  // Memory only the analysed code can reach: inside a fresh allocation
  // that has not escaped. What is stored there stays the code's own.
  // Memory the analysed function's caller sees: what a parameter points
  // to. What is stored there stays reachable (the caller holds it), as in
  // a global.
  bool caller_visible(const std::string &key) const {
    return key[0] == 'S' && m_svals[key_base(key)].kind == SK::Param;
  }

  bool private_region(const State &s, const std::string &key) const {
    if (key[0] != 'S')
      return false;
    const SvalId base = key_base(key);
    return !set_contains(s.escaped, base) && is_fresh_allocation(s, base);
  }

  // The value's root (through offsets) has a state that must not leak.
  bool holds_resource(const State &s, SvalId v) const;

  // Do two temporaries stand for the same user variable?
  bool same_variable(uint32_t a, uint32_t b) const {
    const Temp &ta = fn().temps[a], &tb = fn().temps[b];
    return ta.var && ta.var == tb.var && ta.name == tb.name;
  }

  // Temporaries to unbind from `dead`: a temporary standing for a user
  // variable that still holds a resource stays bound (the variable keeps it
  // reachable) until the variable is assigned again or the function returns.
  // A temporary that stands for no variable is held only while nothing
  // else (another temporary, local memory) holds its value.
  std::vector<uint32_t> unheld(const State &s, const std::vector<uint32_t> &dead) const;

  // Readable text of a local memory key: as written where it was stored
  // ("tmp.m_ptr"), else the local's name.
  std::string memory_text(const State &s, const std::string &key) const;

  // The key of a memory key's text: a local's text belongs to the function
  // whose frame holds it (another function may use the same frame later).
  std::string text_key(const State &s, const std::string &key) const;

  // Copies what the fields of the struct at `from` hold to `to` (replacing
  // what `to` held), naming the copies after `to_text` ('ptr.value').
  void copy_fields(State &s, const std::string &from, const std::string &to, const std::string &to_text);

  // The slot a struct returned by value is kept in, in the frame at depth
  // (the caller's), until the temporary holding it dies.
  static std::string return_slot(size_t depth) {
    return "L" + std::to_string((depth << kFrameShift) | kLocalMask);
  }
  static bool is_return_slot(const std::string &key) {
    return key[0] == 'L' && (key_base(key) & kLocalMask) == kLocalMask;
  }

  // --- purging and leaks ---
  // Marks every value s reaches from its temporaries, its locals and
  // globals, the callers' temporaries and `roots`: what they hold, what
  // that points to, and sizes of what they point to. reached() asks.
  void mark_reachable(const State &s, const std::vector<SvalId> &roots);
  bool reached(SvalId v) const { return v < m_reach.marks.size() && m_reach.marks[v] == m_reach.stamp; }
  struct ReachMarks {
    uint32_t stamp = 0;
    std::vector<uint32_t> marks; // by value: the stamp of the last walk that reached it
  } m_reach;

  // Unbinds the dead temporaries and the memory of the dead locals (with
  // `everything`, all of it), reports leaks of values that became
  // unreachable, and forgets everything about them.
  void purge(State &s, const std::vector<uint32_t> &dead_temps, const std::vector<uint32_t> &dead_locals,
             bool everything, SvalId keep, const Loc &loc);

  // Reports leaks among `dropped` values that nothing reaches any more
  // (`kept` values count as reached), then forgets what no longer matters.
  // The first checker that holds v in a state that must not be lost is
  // told v is lost (one report per value, whichever checkers track it; not
  // for a value known to be NULL), and v's states go.
  void tell_lost(State &s, SvalId v, const std::string &text, const Loc &loc);
  // Does something beyond the code letting v go hold it: the caller (a
  // parameter), the program (a global's address), or a frame still open
  // (a local's address)?
  bool held_beyond(const State &s, SvalId v) const {
    const Sval &sv = m_svals[v];
    return sv.kind == SK::Param || sv.kind == SK::GlobalAddr ||
           (sv.kind == SK::LocalAddr && local_of(s, static_cast<uint64_t>(sv.a)));
  }
  void forget(State &s, const std::vector<std::pair<SvalId, std::string>> &dropped, const std::vector<SvalId> &kept,
              const Loc &loc);

  // --- checker context ---
  class Context final : public CheckerContext {
  public:
    Context(FunctionAnalysis &a, State &s, uint8_t checker, const Loc &loc)
        : m_a(a), m_s(s), m_checker(checker), m_loc(loc) {}
    StateId state(SvalId v) const override { return map_get<StateId>(m_s.sm[m_checker], v, 0); }
    void set_state(SvalId v, StateId to, const std::string &expr) override { set_state_told(v, to, expr, {}); }
    void set_state_told(SvalId v, StateId to, const std::string &expr, const std::string &told) override {
      StateId from = state(v);
      if (from == to || v == kUnknownSval)
        return;
      map_set<StateId>(m_s.sm.mut(m_checker), v, to, 0);
      RawEvent e = m_a.event(RawEvent::Kind::StateChange, m_loc);
      e.checker = m_checker;
      e.v = v;
      e.from = from;
      e.to = to;
      e.expr = expr;
      e.text = told;
      m_a.m_cur_events->push_back(std::move(e));
    }
    bool is_constant(SvalId v) const override { return m_a.m_svals[v].kind == SK::Const; }
    bool is_null_constant(SvalId v) const override {
      return m_a.m_svals[v].kind == SK::Const && m_a.m_svals[v].a == 0;
    }
    // No facts dropped, and every branch on the way that the engine could
    // not see decide is one the current point (or a call on the stack that
    // leads to it) comes to either way.
    Tri compare(SvalId v, OpName op, int64_t c) const override {
      return m_a.compare(m_s, v, op, m_a.m_svals.get(SK::Const, c));
    }
    bool assume(SvalId v, OpName op, int64_t c) override {
      return m_a.assume(m_s, v, op, m_a.m_svals.get(SK::Const, c));
    }
    Tri is_null(SvalId v) const override {
      return m_a.compare(m_s, v, OpName::Eq, m_a.m_svals.get(SK::Const, 0));
    }
    void report(const Warning &w, SvalId v, const std::string &expr, const Origin *origin, int arg,
                const Origin *note, const std::string &detail, const std::string &detail2) override {
      if (m_a.m_opts.disabled.count(w.name))
        return;
      m_a.m_pending.push_back({&w, m_checker, v, expr, m_loc, m_a.m_cur->index, m_a.m_depth, m_a.m_cur_node,
                               *m_a.m_cur_events,
                               origin ? *origin : Origin{}, arg, note ? *note : Origin{}, detail, detail2, {}});
    }
    SvalId fill_pointee(SvalId v) override { return m_a.fill_pointee(m_checker, v); }
    SvalId pointee_value(SvalId v) const override {
      const std::string key = m_a.pointee_key(v);
      return key.empty() ? 0 : m_a.blob_read(m_s, key);
    }
    bool facts_dropped() const override { return m_s.approximate; }
    bool paths_joined() const override { return m_s.joined; }
    bool widened(SvalId v) const override { return m_a.is_widened(v); }
    void end_path() override { m_a.m_path_ends = true; }
    bool constant_value(SvalId v, int64_t &value) const override {
      if (m_a.m_svals[v].kind != SK::Const)
        return false;
      value = m_a.m_svals[v].a;
      return true;
    }
    bool named_constant(const std::string &name, int64_t &value) const override {
      return m_a.m_module.constant(name, value);
    }
    std::vector<SvalId> tracked_values() const override {
      std::vector<SvalId> out;
      for (const auto &e : m_s.sm[m_checker])
        if (e.second)
          out.push_back(e.first);
      return out;
    }
    std::string text_of(SvalId v) const override { return m_a.text_of_value(m_s, v); }
    SvalId base_of(SvalId v, int64_t &offset) const override {
      const Sval &sv = m_a.m_svals[v];
      offset = sv.kind == SK::Offset ? sv.a : 0;
      return sv.kind == SK::Offset ? sv.base : v;
    }
    RegionInfo region_of(SvalId v) const override {
      v = m_a.root_of(v);
      const Sval &sv = m_a.m_svals[v];
      RegionInfo r;
      if (sv.kind == SK::LocalAddr) {
        r.kind = RegionInfo::Kind::Stack;
        if (const Local *l = m_a.local_of(m_s, static_cast<uint64_t>(sv.a))) {
          r.created = l->loc;
          r.name = l->name;
        }
      } else if (sv.kind == SK::GlobalAddr || sv.kind == SK::FuncAddr) {
        r.kind = RegionInfo::Kind::Global;
        if (static_cast<size_t>(sv.a) < m_a.m_module.symbols.size()) {
          r.created = m_a.m_module.symbols[static_cast<size_t>(sv.a)].loc;
          r.name = ir::Module::source_name(m_a.m_module.symbols[static_cast<size_t>(sv.a)].name);
        }
      } else if (sv.kind == SK::StrAddr) {
        r.kind = RegionInfo::Kind::String;
      }
      return r;
    }

  private:
    FunctionAnalysis &m_a;
    State &m_s;
    uint8_t m_checker;
    Loc m_loc;
  };

  // Scratch tables of canonicalize, reused from call to call (no
  // allocation per state): a value's canonical name, and the next k per
  // instruction, valid where their stamp is the current call's.
  struct CanonScratch {
    uint32_t stamp = 0;
    std::vector<std::pair<uint32_t, SvalId>> names; // by value: (stamp, name)
    std::unordered_map<int64_t, std::pair<uint32_t, int64_t>> next_k; // uid -> (stamp, k)
  } m_canon;

  // Renumbers conjured values in order of first appearance, so that states
  // that differ only in the names of fresh values (a loop's iterations)
  // become equal. Returns the (old, new) pairs that changed.
  std::vector<std::pair<SvalId, SvalId>> canonicalize(State &s);

  // Called when a block has seen many states: keeps what checkers track
  // (and addresses) and lets every other value stand for any value, named
  // by the block and temporary, so that states reaching the block converge.
  // Sound: it only forgets facts.
  // At the first level, inputs (constants, parameters, initial values)
  // and the facts about them stay, since they decide correlated branches;
  // at the second, only what checkers track (and const-call facts) stays.
  // `earlier`: the memory of the last state that reached this point; what
  // is bound there alike has not changed on the way round (what a caller's
  // parameter points to, across a callee's loop) and stays.
  void generalize(State &s, uint32_t block, int level, uint32_t start = 0, bool resumed = false,
                  const Bindings *earlier = nullptr);

  // When states keep arriving at a point, s takes in an earlier state e
  // that binds the same values and tracks the same states: s keeps only the
  // facts both have (constraints, relations, memory) and every exposure and
  // escape either has. Sound: the result describes both. Example: "p escaped, n >
  // 0" and "n > 0, n < 10" become "p escaped, n > 0"; a state equal to e
  // then stops there.
  void join(State &s, const State &e);
  // Value v, returned by function f: in the range f's body bounds its
  // returns to (ModuleSummary::return_range), if it has one.
  void assume_return_range(State &s, SvalId v, size_t f);
  // The loop at head, its trips taken together (a counter widened, the
  // state generalized), reads arrays of locals at indices it computes
  // ("for (i = 0; i < 4; i++) free (ns[i])"): any element may have been
  // read, and what it held used (freed) through the value read. What the
  // elements hold escapes: not left to leak when the path leaves the loop.
  void escape_indexed_locals(State &s, uint32_t head);

  // A variable given the NULL constant: the event that explains a later
  // dereference of NULL through it.
  RawEvent null_origin(SvalId v, uint32_t temp, const Loc &loc) const {
    RawEvent e = event(RawEvent::Kind::NullOrigin, loc);
    e.v = v;
    e.expr = m_cur->temp_text[temp];
    e.text = quote_expr(e.expr) + " is NULL";
    return e;
  }

  // Is the operand (through conversions and comparisons) the result of
  // a call of a function with a body?
  bool from_body_call(const Operand &o) const {
    if (!o.is_temp())
      return false;
    uint32_t t = o.id;
    for (int hops = 0; hops < 4 && t < m_cur->defs.size() && m_cur->defs[t]; ++hops) {
      const Instruction &d = *m_cur->defs[t];
      if (d.opcode == Opcode::Call) {
        return m_module.body_of(d.operands[0]) >= 0;
      }
      if ((d.opcode != Opcode::Unary && d.opcode != Opcode::Binary && d.opcode != Opcode::Copy) ||
          !d.operands[0].is_temp())
        return false;
      t = d.operands[0].id;
    }
    return false;
  }

  // Is this main, and does it return right after instruction i of block
  // (only scope ends, copies and jumps in between)?
  bool main_returns_after(uint32_t block, size_t i) const {
    if (m_module.function_name(fn()) != "main")
      return false;
    for (int hops = 0; hops < 4 && block < fn().blocks.size(); ++hops) {
      const Block &b = fn().blocks[block];
      for (size_t j = i + 1; j < b.insns.size(); ++j) {
        const Opcode op = b.insns[j].opcode;
        if (op == Opcode::Ret)
          return true;
        if (op == Opcode::Jmp) {
          block = b.insns[j].targets[0];
          break;
        }
        if (op != Opcode::Clobber && op != Opcode::Phi && op != Opcode::Copy)
          return false;
      }
      i = static_cast<size_t>(-1);
    }
    return false;
  }

  // Unsigned operands of a comparison are not negative. (Values are kept as
  // 64-bit signed numbers; an unsigned one of 2^63 or more is out of reach,
  // a price paid so that "0 < n" means "n != 0" for a size.)
  // An ordering comparison of unsigned operands where a value is beyond
  // INT64_MAX (kept as a negative int64, "(size_t)-20"): the engine's
  // signed ranges do not apply.
  bool unsigned_beyond_signed(const State &s, const Instruction &in, SvalId a, SvalId b, Tri &t) const {
    if (in.op == OpName::Eq || in.op == OpName::Ne || in.operands.size() < 2)
      return false;
    auto is_unsigned = [&](const Operand &o) {
      const Type &ty = o.is_temp() && o.id < fn().temps.size() ? fn().temps[o.id].type : o.type;
      return ty.kind == TypeKind::Int && !ty.is_signed && ty.bits == 64;
    };
    if (!is_unsigned(in.operands[0]) && !is_unsigned(in.operands[1]))
      return false;
    int64_t ca = 0, cb = 0;
    const bool ka = known_value(s, a, ca), kb = known_value(s, b, cb);
    if (!(ka && ca < 0) && !(kb && cb < 0))
      return false;
    t = Tri::Unknown;
    if (ka && kb) {
      const auto ua = static_cast<uint64_t>(ca), ub = static_cast<uint64_t>(cb);
      bool r = false;
      switch (in.op) {
      case OpName::Lt: r = ua < ub; break;
      case OpName::Le: r = ua <= ub; break;
      case OpName::Gt: r = ua > ub; break;
      case OpName::Ge: r = ua >= ub; break;
      default: return false;
      }
      t = r ? Tri::True : Tri::False;
    }
    return true;
  }

  void assume_unsigned(State &s, const Instruction &in) {
    auto is_unsigned = [&](const Operand &o) {
      const Type &t = o.is_temp() && o.id < fn().temps.size() ? fn().temps[o.id].type : o.type;
      return t.kind == TypeKind::Int && !t.is_signed;
    };
    if (in.operands.size() < 2 || !is_unsigned(in.operands[0]) || !is_unsigned(in.operands[1]))
      return;
    const SvalId zero = m_svals.get(SK::Const, 0);
    for (int k = 0; k < 2; ++k)
      if (in.operands[k].is_temp())
        assume(s, operand_value(s, in.operands[k]), OpName::Ge, zero);
  }

  // --- what branches teach (conditions.cc) ---
  // "a op b" holds on this path from here: told to the checkers that track
  // either side (bounds), and, against NULL, to every checker (expr names
  // the pointer; "" for its readable name). False if a checker finds the
  // path cannot be.
  bool tell_checkers(State &s, SvalId a, OpName op, SvalId b, bool signed_as_unsigned, const std::string &expr,
                     std::vector<RawEvent> &evs, const Loc &loc);
  // An allocation (malloc's, calloc's) whose size the path knows is 0, told
  // to the checkers that track it; false if one finds the path cannot be.
  bool tell_empty(State &s, SvalId root, const Loc &loc);
  // Branch br's "a op b" of two pointers holds: a pointer above another
  // (or at or above one not NULL) is not NULL; false if it must be.
  bool assume_above_null(State &s, const Instruction &br, OpName op, SvalId a, SvalId b, std::vector<RawEvent> &evs,
                         const Loc &loc);
  // "size && !p", "a == NULL || b == NULL" computed as one bit and'ed or
  // or'ed with another (GCC at -O2): split on the part that tests whether
  // what a checker tracks is NULL, as the program's own && and || do, so
  // that each way learns it (x & y is x ? y : 0; x | y is x ? 1 : y). The
  // way that part decides is a fork; this state takes the other, its
  // result the other part. False if nothing was split.
  bool split_truth(State &s, const Instruction &in, const Loc &loc);
  // Instruction in (of the block being stepped) computes a bit whose only
  // use is an & or | the path already knows the result of from its other
  // part: "path == NULL || dir == NULL" computed as "(path == 0) | (dir ==
  // 0)", where path is NULL. Its operands are then not used: the source
  // never reads dir on this path.
  bool short_circuited(const State &s, uint32_t block, const Instruction &in);
  // MIN (x, c) and MAX (x, c) of a constant: the two ways the program's
  // own "x < c ? x : c" goes (GCC folds it into MIN_EXPR), each learning
  // how x stands to c. This state
  // takes x; a fork takes c. ("p = n > 0 ? alloc (MIN (n, 64)) : NULL"
  // is NULL only where n is 0.) False if nothing was split.
  bool split_min_max(State &s, const Instruction &in, const Loc &loc);
  // What comparison instruction cmp tests, as the program names it (the
  // side that is not a constant).
  std::string compared_text(const State &s, const Instruction &cmp);
  // Comparison instruction cmp holding (or not), learned as a fact
  // (learn_fact). False if the path cannot have it.
  bool learn_comparison(State &s, const Instruction &cmp, bool holds, std::vector<RawEvent> &evs, const Loc &loc);
  // A fact "a op b" learned on the way (a part of a combined condition):
  // assumed, and told to the checkers (NULL or not, bounds). False if the
  // path cannot have it.
  bool learn_fact(State &s, SvalId a, OpName op, SvalId b, const std::string &expr, std::vector<RawEvent> &evs,
                  const Loc &loc);
  // "lhs op rhs" holds on the branch taken: what that says of the values
  // GCC's rewritten form combined (a range test, a combined NULL test).
  // False if the branch is infeasible.
  bool assume_rewritten(State &s, const Operand &lhs, OpName op, const Operand &rhs, std::vector<RawEvent> &evs,
                        const Loc &loc, int depth = 0);
  // What the path knows of "lhs op rhs" in its source form (a range test
  // on x's range); Unknown if it is no such form.
  Tri compare_rewritten(const State &s, const Operand &lhs, OpName op, const Operand &rhs);
  // "lhs op rhs" is a range test of x: it holds exactly when x is (inside)
  // or is not (!inside) in [lo, hi].
  struct RangeTest {
    Operand x;
    int64_t offset = 0; // C, read as signed in the test's width
    int64_t lo = 0, hi = 0;
    bool inside = true;
  };
  bool range_test(const Operand &lhs, OpName op, const Operand &rhs, RangeTest &out) const;
  SvalId tested_value(const State &s, const Operand &lhs, const RangeTest &r);

  // --- exploration ---
  void enqueue(uint32_t block, State &&s, int32_t pred, std::vector<RawEvent> &&events, const Loc &entry_loc,
               uint32_t start = 0, bool resumed = false);
  // Calls into functions with a body: stepping in, and returning.
  bool enter_call(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc);
  bool enter_callback(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc);
  int steppable(const State &s, SvalId target, size_t nargs);
  // At most a few blocks, and no calls.
  // A function without branches or calls (a getter, a setter, a
  // constructor of a struct): stepping into it costs a node and makes no
  // more paths, and what it computes is then known.
  static bool straight_leaf(const Function &f) {
    if (f.blocks.size() > 8)
      return false;
    for (const Block &b : f.blocks)
      for (const Instruction &in : b.insns)
        if (in.opcode == Opcode::Call || in.opcode == Opcode::Br || in.opcode == Opcode::Switch ||
            in.opcode == Opcode::Unknown)
          return false;
    return true;
  }
  static bool tiny_leaf(const Function &f) {
    if (f.blocks.size() > 4)
      return false;
    for (const Block &b : f.blocks)
      for (const Instruction &in : b.insns)
        if (in.opcode == Opcode::Call)
          return false;
    return true;
  }
  // A few blocks, no calls, no memory but its own locals and no way back
  // (every jump goes forward): a computation on the values it is given,
  // whose paths are few and short ("xsum": a sum, or SIZE_MAX when it
  // overflows).
  static bool forward_leaf(const Function &f) {
    if (f.blocks.size() > 8)
      return false;
    for (size_t b = 0; b < f.blocks.size(); ++b)
      for (const Instruction &in : f.blocks[b].insns) {
        if (in.opcode == Opcode::Call || in.opcode == Opcode::Unknown ||
            ((in.opcode == Opcode::Load || in.opcode == Opcode::Store || in.opcode == Opcode::Addr) &&
             in.place.base != PlaceBase::Local))
          return false;
        if (in.opcode != Opcode::Phi)
          for (uint32_t t : in.targets)
            if (t <= b)
              return false;
      }
    return true;
  }
  bool enter_function(State &s, uint32_t block, size_t index, uint32_t result, uint32_t callee,
                      const std::vector<SvalId> &args, const std::vector<std::string> &arg_texts, const Loc &loc);
  void leave_call(State &s, SvalId ret, const Loc &at);
  bool m_entering = false; // set by step when it stepped into a call
  uint32_t m_step_block = 0; // the block of the instruction being stepped
  uint32_t m_step_uid = 0;   // ...and its uid
  Loc m_after_call;        // where the code after the call being stepped starts
  bool callable(uint32_t f);
  // Does every return of the function give NULL (not a defensive check
  // but what it always does)?
  bool always_returns_null(const FnInfo &fi) {
    auto known = m_always_null.find(fi.index);
    if (known != m_always_null.end())
      return known->second;
    const std::vector<const Instruction *> &defs = fi.defs;
    std::function<bool(const Operand &, int)> null_only = [&](const Operand &o, int depth) {
      if (o.kind == OpKind::Null || (o.kind == OpKind::Int && o.value == 0))
        return true;
      if (!o.is_temp() || depth > 4 || o.id >= defs.size() || !defs[o.id])
        return false;
      const Instruction &d = *defs[o.id];
      if (d.opcode != Opcode::Phi && d.opcode != Opcode::Copy && !(d.opcode == Opcode::Unary && d.op == OpName::Conv))
        return false;
      return std::all_of(d.operands.begin(), d.operands.end(), [&](const Operand &x) { return null_only(x, depth + 1); });
    };
    bool any = false, all = true;
    for (const Block &b : fi.fn->blocks)
      for (const Instruction &in : b.insns)
        if (in.opcode == Opcode::Ret && !in.operands.empty()) {
          any = true;
          all = all && null_only(in.operands[0], 0);
        }
    return m_always_null[fi.index] = any && all;
  }
  std::map<uint32_t, bool> m_always_null; // by function, see always_returns_null
  bool passes_tracked(const State &s, SvalId arg, bool null_in_memory) const;

  // --- extents (extents.cc) ---
  // Sets (size 0 or unknown: forgets) the size of what root points to.
  void set_extent(State &s, SvalId root, SvalId size);
  // The size of what root points to, if a call made it; 0 if not known.
  SvalId extent(const State &s, SvalId root) const;
  SvalId allocation_size(const State &s, const CallEvent &call);
  void check_float_size(const State &s, const CallEvent &call, const Loc &loc);
  std::string capacity_text(const State &s, SvalId p);
  // Is in a call to an allocator (its result: a fresh object)?
  bool allocation_call(const Instruction &in) const;
  // Is root what alloca (or a VLA) returned: memory on the stack?
  bool stack_allocation(SvalId root);
  // The instruction whose result root is (a call's fresh value), or null.
  const Instruction *made_by(SvalId root) const;

  // --- bounds (bounds.cc) ---
  // A load (write = false) or store of place p: reported if on this path
  // every byte offset it may have lies past the end of the object it is
  // in, or before its start. True if reported (and the rest of these
  // functions alike).
  bool check_bounds(const State &s, const Place &p, bool write, const Loc &loc);
  // The object place p is in (its root value) and the range [lo, hi] of
  // byte offsets an access to it may start at on this path; false if not
  // known.
  bool access_range(const State &s, const Place &p, SvalId &root, int64_t &lo, int64_t &hi);
  // The values operand o may hold on this path: what the constraints
  // allow, within its type and what it was computed from (a conversion
  // that widens, a multiplication or shift by a constant). Offsets in 64
  // bits are read as signed (pointer arithmetic wraps). False if unbounded.
  bool operand_range(const State &s, const Operand &o, int64_t &lo, int64_t &hi, int depth = 0);
  // Pointer ptr moved by off (in bytes), or an array's element of index
  // `index` (elem bytes each) in the object place p is in: true if every
  // value the path allows keeps it inside the object (a char's value into
  // a table of 256 entries; glibc's ctype tables from -128 to 255), or the
  // object's size is not known here and the offset spans no more than a
  // byte's values: no check of it is missing.
  bool offset_stays_inside(const State &s, const Operand &ptr, const Operand &off);
  bool index_stays_inside(const State &s, const Place &p, const Accessor &index);
  // The value pointer v is a constant number of bytes (off) past; 0 if the
  // offset is not known.
  SvalId constant_offset(SvalId v, int64_t &off) const;
  // The bytes a C library call reads or writes through its buffer
  // arguments (memcpy's n, strcpy's literal, fgets's size), checked alike.
  void check_call_bounds(const State &s, const CallEvent &call, const Loc &loc);
  // strcpy (dst, src) into an object of strlen (src) bytes (or fewer) from
  // where it writes: the terminating NUL goes past the end, whatever the
  // length ("malloc (strlen (s))" without the "+ 1").
  void check_copy_past_length(const State &s, const CallEvent &call, const Loc &loc);
  // An allocation of `size` bytes given to a pointer of type t: reported
  // if the path fixes a size that is not a whole number of what t points
  // to ("int *p = malloc (10)", CWE-131).
  // allocated_at: where the size was asked for (or the object declared),
  // if not at loc; size_text: how the source spells a size that is not a
  // constant.
  // size_operand: the operand the size was passed as, if known (its
  // form decides for a size that is not a constant).
  void check_allocation_size(const State &s, SvalId size, const Type &t, const Loc &loc, const Loc &allocated_at = {},
                             const std::string &size_text = {}, const Operand *size_operand = nullptr);
  // Is the value operand o computes a multiple of elem by its form? 1: a
  // constant multiple, or a product with one, or a sum of such; 0: not
  // ("n * 2", "n * 4 + 3"); -1: not known (a parameter, a call's result,
  // "n + 4").
  int multiple_by_form(const Operand &o, int64_t elem, int depth = 0) const;
  // A pointer to the start of an object or allocation (v, read from src)
  // given to a pointer of type t (a cast): the same check, with the
  // object's size.
  void check_cast_size(const State &s, SvalId v, const Operand &src, const Type &t, const Loc &loc);
  // memcpy (d, s, n), strcpy (d, s) and the like given two pointers into
  // one object that share a byte (CWE-475).
  void check_overlap(const State &s, const CallEvent &call, const Loc &loc);
  // p[n] (or later) into an allocation of n elements, n not a constant:
  // past its end whatever n is.
  bool check_symbolic_end(const State &s, const Place &p, bool write, const Loc &loc);
  // A pointer operand (a temporary of pointer type, an address, NULL).
  bool is_pointer_operand(const Operand &o) const;
  // The arguments of a call the callee may read or write through (bit k
  // for argument k): see CallEvent::reads_through; and in bounded, those
  // a scanf stores an integer of limited width through (bounded_results).
  uint64_t reads_through(const State &s, const Instruction &in, const CallEvent &call, uint64_t &bounded);
  // The result of a call to one of the C library's readers (it reads
  // what its arguments point to and changes nothing: strcmp, strlen), or
  // to a function of the module that reads as they do
  // (ModuleSummary::reads_args_only), that every call with these
  // arguments gives while what it reads stays as it is: when each argument
  // is a stable value and each pointer among them points to what the path
  // cannot change unseen (a string literal, a global no code writes, what
  // a pointer-to-const parameter points to while it has not escaped). 0 if
  // not.
  SvalId pure_result(const State &s, const Instruction &in, const CallEvent &call) const;
  // v as mul * base + add, base not a product with a constant nor a sum
  // with one ("n * 4 + 3": n, 4, 3; "n": n, 1, 0).
  void linear_form(SvalId v, SvalId &base, int64_t &mul, int64_t &add) const;
  // The value operand o has here: bound, or (SSA: a value never changes)
  // what a temporary no longer bound was made from, where that is known
  // (a parameter, x * c, a 64-bit conversion); 0 if not known.
  SvalId ssa_value(const State &s, const Operand &o, int depth = 0);
  // Reports an access of `size` bytes at offsets [lo, hi] of the object
  // root points to, if every one lies outside it. elem: the element size
  // of an array indexed directly (for the valid subscripts), else 0.
  // With origin, the path's last event before the warning (what the
  // call was doing).
  bool report_outside(const State &s, SvalId root, int64_t lo, int64_t hi, int64_t size, bool write, int64_t elem,
                      const Loc &loc, const std::string &origin = {});
  // The picture of an access outside the object root points to: where
  // the object lives, its name and declared type (the caller fills in the
  // sizes).
  AccessDiagram diagram_of(const State &s, SvalId root, Memory memory, const std::string &name, bool write);
  // The size of the object root points to, its kind and its declared name
  // ("" if none); false if its size is not known.
  bool object_bounds(const State &s, SvalId root, int64_t &capacity, Memory &memory, std::string &name);
  // Byte k of the char array on the stack that root points to was never
  // written on this path.
  bool unwritten_char(const State &s, SvalId root, int64_t k);
  // Byte k of the object root points to (of `capacity` bytes), if the
  // path knows it: a literal's, an array initialized from one (zeros
  // after it), a char stored there.
  bool known_byte(const State &s, SvalId root, int64_t k, int64_t capacity, int64_t &byte);
  // The NUL-terminated strings a C library call reads (strlen's, fopen's
  // name): reported if the bytes the path knows end the object before
  // any NUL, or the pointer lies outside it.
  // Returns true if it reported a byte nothing wrote (the path stops
  // being told there: nothing else is checked at the call).
  bool check_string_args(const State &s, const CallEvent &call, const Loc &loc);
  // The length of what a printf-like call writes (without the NUL), from
  // its format (argument fmt) and the arguments, where the path knows it
  // exactly (%s of known strings, %d of known numbers, %c, %%).
  bool formatted_length(const State &s, const CallEvent &call, size_t fmt, int64_t &len);
  // Scans the object root points to (of `capacity` bytes) from byte off,
  // at most `limit` bytes: end is where a NUL was met, or where the scan
  // stopped (the object's end, or off + limit); out, if given, gets the
  // bytes before it. False if a byte on the way is not known.
  bool scan_string(const State &s, SvalId root, int64_t off, int64_t capacity, int64_t limit, int64_t &end,
                   std::string *out);
  // The string ptr points to, where the path knows all its bytes up to a
  // NUL inside the object.
  bool known_string(const State &s, SvalId ptr, std::string &out);
  // strcpy / strcat (or GCC's memcpy for strcpy) of strings the path
  // knows, to the start of an object: the object's key and the string it
  // will hold. Asked before the call changes memory.
  bool string_copy_result(const State &s, const CallEvent &call, std::string &key, std::string &text);
  // A byte read from a string literal at an offset the path fixes ("abc"[1]
  // is 'b', its terminator 0); 0 if p is not that.
  SvalId literal_byte(const State &s, const Place &p, bool is_signed);
  static constexpr size_t kSmallCallee = 8; // blocks
  std::map<uint32_t, bool> m_callable;
  size_t m_callee_nodes = 0;     // nodes with a call stack
  size_t m_graph_bytes = 0;      // the nodes' estimated size (EngineOptions::max_graph_bytes)
  std::set<uint32_t> m_not_entered; // functions found too costly to step into
  void process(int32_t node);
  void run_block(int32_t node_id, State s, std::vector<RawEvent> events, size_t start, bool resumed, Loc last,
                 bool seen_loc_in_block);
  // Other outcomes of the instruction being stepped (a call that may fail
  // or succeed in different ways): states after it, with their events.
  struct Fork {
    State state;
    std::vector<RawEvent> events;
  };
  std::vector<Fork> m_forks;
  size_t m_forks_made = 0; // bounded: forks multiply within a block, past the node budget
  SvalId model_realloc(State &s, const Instruction &in, uint32_t uid, const Loc &loc, CallEvent &call);
  void model_out_buffer(State &s, const Instruction &in, uint32_t uid, const Loc &loc, const CallEvent &call);
  // pipe (fds) and its kin: the failure (-1, the array untouched) becomes
  // a fork; this state takes the success (0), the two new descriptors
  // made here (in call.stored) and written by store_call_results.
  void fork_descriptor_pair(State &s, const Instruction &in, uint32_t uid, const Loc &loc, CallEvent &call);
  void fork_failure(State &s, const Instruction &in, uint32_t uid, const Loc &loc, const CallEvent &call);
  void fork_declared_failure(State &s, const Instruction &in, const Loc &loc, const CallEvent &call);
  void fork_failed_outcome(State &s, const Instruction &in, const Loc &loc, const CallEvent &call, OpName op, SvalId v,
                           bool sets_errno, uint32_t uid);

  // Infinite loops (loops.cc), found once the function is explored: ways
  // round its loops along edges some path took.
  struct WayRound;
  std::unordered_set<uint64_t> m_taken_edges; // the analysed function's, by edge_key
  // Arrivals at a block start in the analysed function whose state a node
  // there had already: (the node the path came from, the block).
  std::vector<std::pair<int32_t, uint32_t>> m_merged_arrivals;
  static uint64_t edge_key(uint32_t from, uint32_t to) { return static_cast<uint64_t>(from) << 32 | to; }
  void check_infinite_loops();
  bool endless(const WayRound &w);
  bool followed(const WayRound &w) const;
  bool same_round_the_loop(const WayRound &w, const Operand &o, uint32_t phi);
  bool place_invariant(const Place &p, const std::function<bool(const Operand &)> &invariant);
  bool changes_nothing(const Instruction &call) const;
  bool on_own_stack(const Operand &ptr) const;
  void report_infinite_loop(const WayRound &w);
  void set_errno(State &s, uint32_t uid, SvalId result);
  // A value of step uid no state holds yet, other than `unlike` (a call's
  // result); k: the next number to try (so that two in a row differ).
  SvalId fresh_value(const State &s, uint32_t uid, SvalId unlike, int64_t &k);
  // GCC's __atomic_ and __sync_ builtins (atomics.cc): true if modelled,
  // with what the call returns.
  bool model_atomic(State &s, uint32_t uid, const CallEvent &call, const Loc &loc, SvalId &result);
  // What a read of memory nothing bound at key finds at the same place
  // under its other key: the whole for its first field, the first field
  // for the whole ("&r.first" is "&r"), that key put in *where. 0 if it is
  // not bound either (or is a whole struct's memory).
  SvalId read_same_place(const State &s, const std::string &key, std::string *where = nullptr) const;
  // The first read of memory nothing bound fixes its (unknown) value, so
  // that reading it again gives the same value: a local's initial value,
  // unless code elsewhere may have changed it since; bound at key.
  SvalId first_read(State &s, const std::string &key, uint32_t uid);
  // The mktemp family's template and flags (tempfiles.cc).
  void check_temp_template(const State &s, const CallEvent &call, const Loc &loc);
  void report_with(const Warning &w, const std::string &callee, const Loc &loc, const std::string &what);
  void check_read_through(State &s, const CallEvent &call, const Loc &loc);
  void check_copy_out(const State &s, const CallEvent &call, const Loc &loc);
  // The local root points to, if nothing has written any of it yet (and
  // the source names it).
  const Local *unwritten_local(const State &s, SvalId root) const;
  void store_call_results(State &s, const CallEvent &call);

  // --- variadic functions (varargs.cc) ---
  // The unnamed arguments of a call (after `named` ones).
  std::vector<VarArg> varargs_of(const State &s, const Instruction &call, size_t named);
  VaList *va_list_of(State &s, SvalId object);
  // Sets the va_list of v.object to v (in order).
  void put_va_list(State &s, const VaList &v);
  // va_start, va_arg, va_copy and va_end: modelled (true), va_arg's value
  // in result when the call passed a known one.
  bool model_va_call(State &s, const Instruction &in, const CallEvent &call, const Loc &loc, SvalId &result);
  // The function at stack depth `depth` returns at `at`: its va_lists
  // still started are reported, those elsewhere that walk its arguments
  // go stale.
  void end_va_lists(State &s, uint32_t depth, const Loc &at);
  // An engine warning about va_list v (none: about its arguments), told
  // with the markers of what was done to it; and such a marker.
  void report_va(const Warning &w, const VaList *v, const std::string &expr, const Loc &at, const std::string &detail);
  void mark_va(const VaList &v, const Loc &loc, const char *what);
  void allocate_into(State &s, const std::string &key, SvalId buf, const std::string &text, const Loc &loc,
                     const CallEvent &call);
  RawEvent outcome(const Loc &loc, const char *text) const { return event(RawEvent::Kind::Outcome, loc, text); }
  void step(State &s, uint32_t block, size_t index, const Instruction &in, const Loc &loc);
  SvalId on_call(State &s, const Instruction &in, uint32_t uid, const Loc &loc);
  void deref(State &s, const Instruction &in, uint32_t uid, const Loc &loc);
  // A call that enters a function on the stack again with its arguments,
  // the path having changed nothing since: reported (true).
  bool infinite_recursion(const State &s, const Instruction &in, const Loc &loc);
  // May f be called with nargs arguments (its parameters, and more if it
  // is variadic)?
  static bool takes_arguments(const Function &f, size_t nargs) {
    return f.variadic ? nargs >= f.params.size() : nargs == f.params.size();
  }
  // a - b for pointers into two different objects (variables,
  // allocations): reported (undefined-behavior-ptrdiff).
  void check_ptrdiff(const State &s, SvalId a, SvalId b, const Loc &loc);
  // A branch on an attacker-controlled value: reported if either way
  // leads straight to a function that never returns (tainted-assertion).
  // A branch or switch on an attacker-controlled value: does a way it
  // may take lead to an assertion's failure?
  void check_tainted_assertion(const State &s, const Instruction &br, uint32_t uid, const Loc &loc);
  // root is a variable's address or a fresh allocation: where it was made.
  bool object_created(const State &s, SvalId root, Loc &created);
  // Branch br (instruction uid) on values a and c: a test for NULL of a
  // pointer this function dereferenced already is reported
  // (deref-before-check).
  void check_after_deref(State &s, const Instruction &br, uint32_t uid, SvalId a, SvalId c, const Loc &loc);
  // Does operand tested (read at block to) hold the same value on every
  // way from block from, where it was dereferenced? Not if a local it is
  // read from (or read through) is stored on one of them (or, its address
  // taken, memory through a pointer or a call may be), or a phi there
  // joins it with others ("do { open (*dev) ...; dev++; } while (*dev)":
  // a way that moved dev tests another pointer).
  bool same_on_every_way(const Operand &tested, uint32_t from, uint32_t to) const;
  // !v, the 0/1 value of "v == 0" (as the instruction with that uid
  // computes it): a constant where the path decides it.
  SvalId logical_not(const State &s, SvalId v, uint32_t uid);
  // ~x in the integer type t: x with every bit flipped (see bits_value); 0
  // if not kept so.
  SvalId bits_flipped(SvalId x, const Type &t);
  // Is br the test of a pointer for NULL that C++'s "delete p" makes (its
  // non-NULL way first destroys or frees that pointer)?
  bool guards_delete(const Instruction &br) const;
  // Pointer v was dereferenced (read or written through, or given to a
  // parameter declared nonnull).
  void note_deref(State &s, SvalId v, const std::string &expr, const Loc &loc);

  // Texts of an instruction's operands, then of its place's pointer:
  // worked out once per instruction, on first use.
  const std::vector<std::string> &texts(uint32_t uid, const Instruction &in) {
    if (uid >= m_infos.texts.size()) // (an instruction of no function of the module: a bug, not memory to write)
      throw InternalError{"instruction " + std::to_string(uid) + " has no texts"};
    std::vector<std::string> &t = m_infos.texts[uid];
    if (t.empty()) {
      for (const Operand &o : in.operands)
        t.push_back(m_cur->namer.operand(o));
      t.push_back(in.place.base == PlaceBase::Deref ? m_cur->namer.pointer(in.place.pointer) : "");
    }
    return t;
  }
  // With split, the path's events tell the branch by branch_text, which
  // must live as long as the analysis (branch_text() makes such texts).
  void take_branch(State s, uint32_t from, uint32_t to, std::vector<RawEvent> evs,
                   const std::string &branch_text, bool split, const Loc &br_loc, bool own_loc);
  Loc first_loc(uint32_t block) const;
  Loc next_loc(uint32_t block, size_t i, const Loc &fallback) const;
  // "following 'true' branch (when 'p' is NULL)...", made once per
  // branch instruction (uid), direction, and whether it says why.
  const std::string &branch_text(uint32_t uid, const Instruction &br, bool taken, bool why);
  // Does branch br (ending block) decide whether a loop goes round again
  // (one target in the loop, the other outside it)?
  bool loop_test(uint32_t block, const Instruction &br) const;
  // Does going from block, a loop's head, to `to` leave that loop before the
  // path went round it (its first test)?
  bool leaves_unrun_loop(const State &s, uint32_t block, uint32_t to) const;
  // Is o read from memory code elsewhere keeps (a global, through a
  // pointer), through copies, conversions and a constant added?
  bool kept_in_memory(const Operand &o) const;
  std::unordered_map<uint64_t, std::string> m_branch_texts;
  // Returning now ends the program: the analysed function is main, no
  // call open (what it holds is not leaked).
  bool ends_program(const State &s) const { return s.stack.empty() && m_module.function_name(fn()) == "main"; }
  // A checker says v may hold any value (an attacker's), whatever its type
  // promises.
  bool may_be_any_value(const State &s, SvalId v) const;
  // "following 'case 3:' branch...", "following 'default:' branch..." for
  // case k of a switch (k = its number of cases: the default).
  const std::string &switch_text(uint32_t uid, const Instruction &sw, size_t k);
  std::unordered_map<uint64_t, std::string> m_switch_texts;
  // Operand k of the instruction numbered uid, as the source names it
  // (made once).
  const std::string &operand_text(uint32_t uid, uint32_t k, const ir::Operand &o);
  std::unordered_map<uint64_t, std::string> m_operand_texts;
  std::string when_text(const Instruction &br, bool taken);
  Finding build(const Pending &p) const;
};

} // namespace pathwise::detail
