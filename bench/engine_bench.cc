// pathwise-engine-bench: times the engine alone on a module's IR text, as
// the plugin's dump-ir=FILE writes it: no compiler, no GCC noise, the
// same input on every run. For measuring a change to the engine:
//
//   gcc -O0 -c sqlite3.c -fplugin=build/pathwise.so -fplugin-arg-pathwise-dump-ir=/tmp/sqlite3.ir
//   build/pathwise-engine-bench /tmp/sqlite3.ir --repeat 5
//
// Prints the exploded nodes and findings (which a pure speed change must
// leave alone) and the fastest run's time; --max-nodes and friends try
// other budgets; --top N lists the analyses that took longest, --list the
// findings.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "analysis/engine.h"
#include "diagnostics/finding.h"
#include "ir/ir.h"

using namespace pathwise;

namespace {

struct PerFunction {
  uint32_t fn;
  size_t nodes;
  size_t bytes;
  double ms;
  bool too_complex;
  std::string why; // too_complex_reason
};

struct Run {
  size_t nodes = 0, findings = 0, failures = 0, too_complex = 0, max_bytes = 0;
  double ms = 0;
  std::vector<PerFunction> functions; // each analysis, in order
  std::vector<std::string> findings_text; // "file:line:col: warning: message" each
};

// Analyses the module as the plugin does (Engine::analysis_order).
Run analyse(const ir::Module &m, const EngineOptions &opts, const std::string &only) {
  Run run;
  const auto start = std::chrono::steady_clock::now();
  Engine engine(m, opts);
  const std::vector<bool> &entry = engine.entries();
  std::vector<bool> entered(m.functions.size(), false);
  for (uint32_t i : engine.analysis_order()) {
    if (!entry[i] && entered[i])
      continue;
    if (!only.empty() && m.symbols[m.functions[i].symbol].name != only)
      continue;
    const auto fn_start = std::chrono::steady_clock::now();
    try {
      FunctionResult r = engine.analyze(i);
      run.functions.push_back(
          {i, r.nodes, r.graph_bytes,
           std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - fn_start).count(),
           r.too_complex, r.too_complex_reason});
      run.nodes += r.nodes;
      run.max_bytes = std::max(run.max_bytes, r.graph_bytes);
      run.findings += r.findings.size();
      for (const Finding &f : r.findings) {
        const std::string text = format_finding(m, f);
        run.findings_text.push_back(text.substr(0, text.find('\n')));
      }
      run.too_complex += r.too_complex ? 1 : 0;
      for (uint32_t e : r.entered)
        entered[e] = true;
    } catch (...) {
      ++run.failures;
    }
  }
  run.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return run;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Times pathwise's engine on a module's IR (the plugin's dump-ir=FILE)"};
  std::string file;
  unsigned repeat = 3;
  unsigned top = 0;
  bool list = false;
  std::string only;
  EngineOptions opts;
  app.add_option("ir", file, "the IR text")->required()->check(CLI::ExistingFile);
  app.add_option("--repeat", repeat, "runs (the fastest is reported)")->check(CLI::Range(1u, 100u));
  app.add_option("--max-nodes", opts.max_nodes, "exploded nodes per function");
  app.add_option("--max-states-per-block", opts.max_states_per_block, "states per point before generalizing");
  app.add_option("--max-callee-nodes", opts.max_callee_nodes, "nodes spent inside callees per function");
  app.add_option("--max-call-depth", opts.max_call_depth, "stack depth of calls stepped into (1: none)");
  app.add_option("--max-callee-blocks", opts.max_callee_blocks, "larger functions are not stepped into");
  size_t max_graph_mib = opts.max_graph_bytes >> 20;
  app.add_option("--max-graph-mib", max_graph_mib, "estimated memory of a function's exploded graph");
  app.add_option("--only", only, "analyse only the function of this name");
  app.add_flag("--list", list, "also list the findings (their first lines)");
  app.add_option("--top", top, "also list the N analyses that took longest");
  CLI11_PARSE(app, argc, argv);
  opts.max_graph_bytes = max_graph_mib << 20;

  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  ir::Module m;
  try {
    m = ir::parse_module(text.str());
  } catch (const ir::ParseError &e) {
    fprintf(stderr, "pathwise-engine-bench: %s:%d: %s\n", file.c_str(), e.line, e.message.c_str());
    return 2;
  }
  Run best;
  for (unsigned k = 0; k < repeat; ++k) {
    Run r = analyse(m, opts, only);
    if (k == 0 || r.ms < best.ms)
      best = r;
  }
  printf("%zu functions, %zu exploded nodes, %zu findings, %zu too complex, %zu failures, fastest of %u: %.0f ms; "
         "largest graph %.1f MiB\n",
         m.functions.size(), best.nodes, best.findings, best.too_complex, best.failures, repeat, best.ms,
         static_cast<double>(best.max_bytes) / (1 << 20));
  if (list)
    for (const std::string &f : best.findings_text)
      printf("%s\n", f.c_str());
  std::sort(best.functions.begin(), best.functions.end(),
            [](const PerFunction &a, const PerFunction &b) { return a.ms > b.ms; });
  for (size_t k = 0; k < top && k < best.functions.size(); ++k) {
    const PerFunction &f = best.functions[k];
    printf("%8.1f ms %7zu nodes %7.1f MiB  %s%s\n", f.ms, f.nodes, static_cast<double>(f.bytes) / (1 << 20), m.symbols[m.functions[f.fn].symbol].name.c_str(),
           f.too_complex ? (" (too complex: " + f.why + ")").c_str() : "");
  }
  return 0;
}
