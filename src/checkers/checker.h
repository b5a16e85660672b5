// The interface between the engine and a state machine (a checker).
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A checker sees a narrow context: the state of a symbolic value, whether the
// value is known to be NULL, and a way to report. It never sees the exploded
// graph, GCC, or another checker's states.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/ir.h"

namespace pathwise {

using SvalId = uint32_t; // a symbolic value; 0 = none
using StateId = uint8_t; // a checker state; 0 = start (not tracked)
constexpr StateId kAnyState = 255;

enum class Tri : uint8_t { False, True, Unknown };

// Wording of one state change on a path, as a given warning tells it.
// Example: {unchecked, freed, "first %<free%> here"}. kAnyState matches all.
struct ChangeText {
  StateId from;
  StateId to;
  const char *text; // may use %E (the expression)
};

// A warning a checker can raise: its name, CWE, message and event wording.
// Example: double-free, 415, "double-%<free%> of %E".
struct Warning {
  const char *name;
  int cwe;
  const char *cwe_title;
  const char *message;             // %E = the expression; %D, %X = the report's details (deallocators)
  std::vector<ChangeText> changes; // first match wins; no match = event not shown
  const char *final_text;          // %E = expression, %N = number of the event into ref_state, %A = argument number
  const char *final_text_no_ref;   // used when that event is not on the path
  StateId ref_state;
  // How a call event that hands on the value in ref_state is told
  // ("passing freed pointer %E"; " in call to 'f' from 'g'" follows).
  const char *passing = nullptr;
  // A coding-standard rule the warning enforces, shown in its place of a
  // CWE ("POS34-C", CERT C's), as GCC shows it.
  const char *rule = nullptr;
};

// A call as checkers see it. Example: free (p): callee "free", args {p},
// arg_text(0) "p". Texts live in the engine; a CallEvent only lends them.
struct CallEvent {
  std::string_view callee;
  ir::Loc loc; // the call's
  SvalId result = 0;
  bool result_unused = false; // the caller throws the result away ("fopen (p, "r");")
  std::vector<SvalId> args;
  const std::string *arg_texts = nullptr; // one per argument
  const std::string *result_text = nullptr;
  std::vector<bool> nonnull; // by argument: declared __attribute__((nonnull)) (empty: none)
  ir::Loc callee_loc;        // the callee's declaration
  // __attribute__((malloc)): returns fresh memory; with malloc (D), the
  // functions that release it.
  bool returns_fresh = false;
  const std::vector<std::string> *deallocators = nullptr;
  // Some allocator in the program is declared to be released by this
  // function, through this argument (0-based; -1: none).
  int declared_dealloc_arg = -1;
  // The deallocation as messages name it, if not the callee ('realloc'
  // releasing its argument).
  std::string_view dealloc_name;
  // Declared by __attribute__((alloc_size)) and access (MODE, N, S): the
  // arguments that give sizes (1-based; null: none).
  const std::vector<uint32_t> *alloc_size = nullptr;
  const std::vector<uint32_t> *size_args = nullptr;
  // A function without a body here: its access (MODE, N, S) attributes
  // with a size (null: none, or a body the analysis steps into).
  const std::vector<ir::Symbol::SizedBuffer> *sized_buffers = nullptr;
  // The callee has a body in this module (a call the analysis did not
  // step into: its effects are the body's, not a library's).
  bool has_body = false;
  // The arguments (bit k: argument k, of the first 64) the callee may read
  // or write through: every pointer handed to a function without a body
  // here, except a printf's or scanf's values its format does not take as
  // pointers ('%p', '%d'), or all of them when the format is not known.
  uint64_t reads_through = 0;
  // The arguments (bit k, as above) a scanf stores an integer through
  // whose field width limits it ("%1hX": 0 to 15, whatever the input).
  uint64_t bounded_results = 0;
  // New values the call stores through its arguments, and where: pipe's
  // two descriptors, ints at (0, 0) and (0, 1) (argument, element).
  struct Stored {
    size_t arg;
    int64_t element;
    SvalId value;
    std::string text; // "fds[1]"
  };
  std::vector<Stored> stored;
  // The callee's declaration, when the call names one: its attributes
  // (fd_arg, null_terminated_string_arg, ...).
  const ir::Symbol *declared = nullptr;
  bool reads_through_arg(size_t k) const { return k < 64 && (reads_through >> k & 1); }
  const std::string &arg_text(size_t i) const { return arg_texts[i]; }
};

// The start of the analysed function. Example: main (argc, argv), or a
// function declared __attribute__((tainted_args)).
struct EntryEvent {
  std::string_view function;
  bool tainted_args = false;
  std::vector<SvalId> params;
  const std::string *param_texts = nullptr; // one per parameter
};

// Where the engine uses an integer in a way an attacker could abuse:
// a[i] (i), p + n (n), x / d and x % d (d).
enum class UseKind : uint8_t { ArrayIndex, Offset, Divisor };

// What a pointer points to, as far as the engine knows.
// Example: &x for a local x: {Stack, declaration of x}.
struct RegionInfo {
  enum class Kind : uint8_t { Unknown, Stack, Global, String } kind = Kind::Unknown;
  ir::Loc created; // declaration of the variable (unknown for strings)
  std::string name; // the variable's name ("" if none)
};

// An extra first event for a report: where something the checker did not
// track began. Example: {declaration of x, "region created on stack here"}.
struct Origin {
  ir::Loc loc;
  std::string text;
};

class CheckerContext {
public:
  virtual ~CheckerContext() = default;
  virtual StateId state(SvalId v) const = 0;
  // Changes v's state; the change becomes an event that warnings may word.
  virtual void set_state(SvalId v, StateId to, const std::string &expr) = 0;
  // The same, the path's event told in these words (GCC markup) rather
  // than a warning's text for the change.
  virtual void set_state_told(SvalId v, StateId to, const std::string &expr, const std::string &told) = 0;
  virtual Tri is_null(SvalId v) const = 0;
  // What the path knows of "v OP c" (a descriptor >= 0, say).
  virtual Tri compare(SvalId v, ir::OpName op, int64_t c) const = 0;
  // The value is the NULL constant itself (not just constrained to NULL).
  virtual bool is_null_constant(SvalId v) const = 0;
  // The value is a constant written in the code or computed from them
  // ("fd = -1").
  virtual bool is_constant(SvalId v) const = 0;
  // What a function promises of a value on this path ("open returns -1 or
  // a descriptor": v >= -1); false if the path already knows otherwise.
  virtual bool assume(SvalId v, ir::OpName op, int64_t c) = 0;
  // origin: an extra first event; arg: the argument number (%A in texts);
  // note: a note after the warning (at the callee, say); detail, detail2:
  // what %D and %X stand for in the warning's texts.
  virtual void report(const Warning &w, SvalId v, const std::string &expr, const Origin *origin = nullptr,
                      int arg = 0, const Origin *note = nullptr, const std::string &detail = "free",
                      const std::string &detail2 = "") = 0;
  virtual RegionInfo region_of(SvalId v) const = 0;
  // The pointer v is an offset from (its base), and by how many bytes
  // (INT64_MIN: not known); v itself and 0 if it is no offset.
  virtual SvalId base_of(SvalId v, int64_t &offset) const = 0;
  // A readable name for v: a variable that holds it ("" if none).
  virtual std::string text_of(SvalId v) const = 0;
  // A call wrote what pointer v points to (fread's buffer): gives that
  // memory one fresh value standing for all of it (what is read from it
  // later derives from that value, see Checker::on_derive) and returns it;
  // 0 if where v points is not known.
  virtual SvalId fill_pointee(SvalId v) = 0;
  // The value standing for all of what pointer v points to, if a call
  // filled it (0: none).
  virtual SvalId pointee_value(SvalId v) const = 0;
  // v is a known integer: its value.
  virtual bool constant_value(SvalId v, int64_t &value) const = 0;
  // A named constant of the translation unit (a macro or an enumerator the
  // checker asked for, see Checker::named_constants).
  virtual bool named_constant(const std::string &name, int64_t &value) const = 0;
  // The values this checker gives a state other than start, on this path.
  virtual std::vector<SvalId> tracked_values() const = 0;
  // Facts were dropped on the way here (generalization): what branches
  // taught about values may be missing.
  virtual bool facts_dropped() const = 0;
  // Two paths were joined on the way here: the state stands for both, and
  // a fact each had alone (the test that freed, the test that uses) is
  // gone.
  virtual bool paths_joined() const = 0;
  // v is a value a generalization made: it stands for whatever a variable
  // held at a loop's point on any trip (NULL before the allocation as
  // well as the block after), not for one value the path computed.
  virtual bool widened(SvalId v) const = 0;
  // This outcome of the call cannot happen (bind on a descriptor that is
  // no socket does not succeed): the path ends here.
  virtual void end_path() = 0;
};

class Checker {
public:
  virtual ~Checker() = default;
  virtual const char *name() const = 0;
  virtual const std::vector<const char *> &state_names() const = 0;
  // The kind of a state, as warnings' event tables name it (a checker may
  // keep more in a state, like which deallocator releases a pointer).
  virtual StateId kind_of(StateId s) const { return s; }
  virtual std::vector<const Warning *> warnings() const = 0;
  // The name __analyzer_dump_state knows the checker by, where GCC's
  // differs ("file-descriptor" for "fd").
  virtual const char *introspection_name() const { return name(); }
  // A value's state as __analyzer_dump_state shows it.
  virtual std::string describe_state(const CheckerContext &, SvalId, StateId s) const {
    const StateId k = kind_of(s);
    return k < state_names().size() ? state_names()[k] : "?";
  }
  // The named constants of the analysed code the checker reads (O_RDONLY):
  // the front end looks them up (macros, enumerators).
  virtual std::vector<std::string> named_constants() const { return {}; }

  // A call to a named function. Returns true if the checker modelled it
  // completely, so the engine does not let its arguments escape.
  virtual bool on_call(CheckerContext &, const CallEvent &) { return false; }
  // Does a call to this function make or release what the checker tracks
  // (malloc, free, fopen)? A function that reaches one is worth stepping
  // into.
  virtual bool models(std::string_view) const { return false; }
  // Can a call to f fail, by the checker's model, and how its result tells
  // it ("!= 0")? The engine then follows the failure as an outcome of its
  // own ("when 'f' fails"), in which the result is known to pass that test,
  // and on the other path known not to.
  virtual bool failure_of(std::string_view /*f*/, ir::OpName & /*op*/, int64_t & /*value*/) const { return false; }
  // Can the checker have anything to do in this module (a function it
  // follows is called or declared there)? If not, it is left out of the
  // module's analysis.
  virtual bool applies_to(const ir::Module &) const { return true; }
  // realloc (p, ...) is about to release p on some of its outcomes; said
  // once, before the outcomes part.
  virtual void on_realloc(CheckerContext &, SvalId, const std::string &) {}
  // A read or write through pointer v.
  virtual void on_deref(CheckerContext &, SvalId, const std::string &) {}
  // A branch learned that v is NULL (is_null) or non-NULL.
  virtual void on_null_split(CheckerContext &, SvalId, bool, const std::string &) {}
  // The path learned that what v points to has 0 bytes ("if (n == 0)"
  // after "p = malloc (n)"). False: no path has v so.
  virtual bool on_empty(CheckerContext &, SvalId /*v*/) { return true; }
  // Is a value in this state a resource that must not become unreachable?
  virtual bool is_leakable(StateId) const { return false; }
  // Does a value in this state point to storage an allocator made fresh
  // (so it differs from the address of any variable)?
  virtual bool is_fresh_allocation(StateId) const { return false; }
  // May a value in this state be anything at all, whatever the program's
  // types promise (an attacker chose it: an enum may hold a value none of
  // its enumerators has)?
  virtual bool may_be_any_value(StateId) const { return false; }
  // v in state s became unreachable (and is not known to be NULL).
  virtual void on_leak(CheckerContext &, SvalId, StateId, const std::string &) {}
  // The analysed function starts (not a callee stepped into).
  virtual void on_entry(CheckerContext &, const EntryEvent &) {}
  // The analysed function returns (not a callee stepped into), before what
  // it held is let go.
  virtual void on_return(CheckerContext &) {}
  // result is computed from a and b (b = 0: from a alone), at least one of
  // which has a state of this checker, and result has none yet: x + y,
  // -x, a field read from memory a call filled (a = that memory's value).
  virtual void on_derive(CheckerContext &, SvalId /*result*/, SvalId /*a*/, SvalId /*b*/) {}
  // A branch learned "a op b", and a or b has a state of this checker;
  // signed_as_unsigned: a signed value compared as unsigned, so that an
  // upper bound excludes negative values too.
  virtual void on_condition(CheckerContext &, SvalId /*a*/, ir::OpName, SvalId /*b*/, bool /*signed_as_unsigned*/) {}
  // v, which has a state of this checker, is used as kind says; is_signed:
  // its type before conversions.
  virtual void on_use(CheckerContext &, UseKind, SvalId, bool /*is_signed*/, const std::string &) {}
};

// The first states of every checker of a resource that a call may fail to
// give (returning NULL): malloc's pointers, stdio's streams. A checker
// numbers its own states from First on. Example: malloc's Freed = First.
namespace nullable {
enum : StateId { Start = 0, Unchecked, Null, Nonnull, First };

inline const ChangeText kAssumeNonnull{Unchecked, Nonnull, "assuming %E is non-NULL"};
inline const ChangeText kAssumeNull{kAnyState, Null, "assuming %E is NULL"};

// A NULL check: an unchecked value becomes NULL or non-NULL on each branch
// (and a non-NULL one found NULL, NULL).
inline void on_null_check(CheckerContext &ctx, SvalId v, bool is_null, const std::string &expr) {
  StateId s = ctx.state(v);
  if (s == Unchecked || (s == Nonnull && is_null))
    ctx.set_state(v, is_null ? Null : Nonnull, expr);
}
} // namespace nullable

// Is name one of names? (The checkers' tables of function names.)
inline bool one_of(std::string_view name, std::initializer_list<std::string_view> names) {
  for (std::string_view n : names)
    if (n == name)
      return true;
  return false;
}

// All checkers, in a fixed order (registry.cc).
std::vector<std::unique_ptr<Checker>> make_checkers();

} // namespace pathwise
