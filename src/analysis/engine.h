// The engine: path-sensitive exploration of one function's paths over the IR.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A worklist over (block, program state) nodes — the exploded graph. States
// bind temporaries and local memory to symbolic values, hold constraints
// (equal / not equal to a constant) that split at branches, and each
// checker's map from values to states. Every loop is bounded by a budget.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "checkers/checker.h"
#include "diagnostics/finding.h"
#include "diagnostics/sarif.h"
#include "ir/ir.h"
#include "analysis/summary.h"

namespace pathwise {

namespace detail {
class FnInfoCache;
}
namespace spec {
struct Spec;
}

struct EngineOptions {
  // Checkers declared in spec files (src/spec/spec.h), beside the built-in ones.
  std::vector<std::shared_ptr<const spec::Spec>> specs;
  std::set<std::string> disabled;    // warning names not to report
  size_t max_nodes = 8000;           // exploded nodes per function
  size_t max_states_per_block = 12;  // before constraints are generalized away (twice that: further)
  size_t max_states_per_point = 48;  // then the function's analysis stops
  size_t max_liveness_bits = 1u << 30; // blocks x temporaries (128 MiB per liveness table)
  size_t max_forks = 512;            // extra outcomes of calls (realloc) per function; then calls are opaque
  size_t max_call_depth = 4;         // stack depth of calls stepped into (1: none)
  size_t max_callee_blocks = 24;     // larger functions are not stepped into
  size_t max_callee_nodes = 400;     // nodes spent inside callees per function; then calls are opaque
  // The memory the exploded graph's states and events may take per
  // function (bytes, estimated): large states (hundreds of bindings, as
  // big local arrays make) cost in time and memory what nodes alone do
  // not count.
  size_t max_graph_bytes = size_t(32) << 20;
  // Stop exploring as soon as the function proves too complex (a retry
  // whose result would be thrown away then).
  bool stop_when_too_complex = false;
};

// What calls give one parameter of a function: the range of an integer,
// whether it (or a pointer) is never 0 (NULL).
struct ArgFacts {
  int64_t lo = INT64_MIN, hi = INT64_MAX;
  bool nonzero = false;
};
// By function (index into Module::functions): its parameters' facts.
using CallFacts = std::map<uint32_t, std::vector<ArgFacts>>;

struct FunctionResult {
  std::vector<Finding> findings;
  size_t nodes = 0;
  size_t graph_bytes = 0; // the estimate max_graph_bytes bounds
  bool too_complex = false;
  std::string too_complex_reason;
  // Some path ended early, inside a function stepped into that had too
  // many ways through it: what came after that call was not explored.
  bool paths_cut = false;
  std::vector<uint32_t> entered; // functions whose body the analysis stepped into
  // The function's own returns on the paths explored (not those of the
  // calls it stepped into): how many reached one, and of those how many
  // gave a value not proven to be a non-NULL pointer.
  size_t returns = 0;
  size_t returns_maybe_null = 0;
  // At the calls its paths made to static functions that are analysed in
  // their callers (not entries) without stepping into them: what each
  // argument was, over every such call (see call_facts.h).
  CallFacts calls_not_entered;
};

// Thrown when an internal check fails; the caller skips the function.
struct InternalError {
  std::string message;
};

class Engine {
public:
  Engine(const ir::Module &m, EngineOptions opts);
  ~Engine();
  // Analyses one function (index into Module::functions). given: what
  // every call gives its parameters, where that is known (a static
  // function analysed on its own: facts_of_calls in call_facts.h).
  FunctionResult analyze(uint32_t function, const std::vector<ArgFacts> *given = nullptr);

  // Which functions are entries of their own. Every function is, except a
  // static function that other functions only call directly (its address
  // is never taken): it is analysed in its callers' contexts, and on its
  // own only if no analysis stepped into it (see FunctionResult::entered).
  static std::vector<bool> is_entry(const ir::Module &m);
  // The same for this engine's module (worked out once, on construction).
  const std::vector<bool> &entries() const { return m_summary->entries; }
  // What the engine knows of the module before exploring any path.
  const ModuleSummary &summary() const { return *m_summary; }
  // The order to analyse the module in: the entries, then the functions
  // that are not (each to be skipped if an earlier analysis stepped into
  // it: FunctionResult::entered). Definition order within each.
  std::vector<uint32_t> analysis_order() const;

  // Findings about the module as a whole, not one function's paths
  // (signal handlers' unsafe calls), without the disabled warnings.
  std::vector<Finding> module_findings() const;

  // Names of every warning any checker can raise, sorted.
  static std::vector<std::string> warning_names();
  // Warnings reported only when asked for (enable=NAME): their reports on
  // real code were mostly false (tainted-assertion: asserts on values the
  // program bounds in ways the engine does not see; exposure-through-
  // uninit-copy: lz4's one report needs an invariant between a static
  // counter and a global the engine does not know).
  static std::vector<std::string> off_by_default() { return {"tainted-assertion", "exposure-through-uninit-copy"}; }
  // The same warnings with their CWE (for SARIF rules), sorted by name.
  // (With specs: their warnings too, on or off as each spec says.)
  static std::vector<RuleInfo> warning_rules(const std::vector<std::shared_ptr<const spec::Spec>> &specs = {});
  // The warnings of each checker, by the names GCC's
  // -fanalyzer-checker=NAME uses ("malloc", "file", "fd", "taint",
  // "sensitive", "signal"; "region" for the region model's own).
  static std::map<std::string, std::vector<std::string>> checker_warnings();

private:
  const ir::Module &m_module;
  EngineOptions m_opts;
  std::vector<std::unique_ptr<Checker>> m_checkers;
  std::unique_ptr<ModuleSummary> m_summary; // what every analysis of the module reads
  std::unique_ptr<detail::FnInfoCache> m_infos; // each function's liveness, loops and texts
};

} // namespace pathwise
