// pathwise-engine-bench: times the engine alone on a module's IR text, as
// the plugin's dump-ir=FILE writes it: no compiler, no GCC noise, the
// same input on every run. For measuring a change to the engine:
//
//   gcc -O0 -c sqlite3.c -fplugin=build/pathwise.so -fplugin-arg-pathwise-dump-ir=/tmp/sqlite3.ir
//   build/pathwise-engine-bench /tmp/sqlite3.ir --repeat 5
//
// Prints the exploded nodes and findings (which a pure speed change must
// leave alone) and the fastest run's time; --max-nodes and friends try
// other budgets.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>

#include "analysis/engine.h"
#include "ir/ir.h"

using namespace pathwise;

namespace {

struct Run {
  size_t nodes = 0, findings = 0, failures = 0, too_complex = 0;
  double ms = 0;
};

// Analyses the module as the plugin does (Engine::analysis_order).
Run analyse(const ir::Module &m, const EngineOptions &opts) {
  Run run;
  const auto start = std::chrono::steady_clock::now();
  Engine engine(m, opts);
  const std::vector<bool> &entry = engine.entries();
  std::vector<bool> entered(m.functions.size(), false);
  for (uint32_t i : engine.analysis_order()) {
    if (!entry[i] && entered[i])
      continue;
    try {
      FunctionResult r = engine.analyze(i);
      run.nodes += r.nodes;
      run.findings += r.findings.size();
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
  EngineOptions opts;
  app.add_option("ir", file, "the IR text")->required()->check(CLI::ExistingFile);
  app.add_option("--repeat", repeat, "runs (the fastest is reported)")->check(CLI::Range(1u, 100u));
  app.add_option("--max-nodes", opts.max_nodes, "exploded nodes per function");
  app.add_option("--max-states-per-block", opts.max_states_per_block, "states per point before generalizing");
  app.add_option("--max-callee-nodes", opts.max_callee_nodes, "nodes spent inside callees per function");
  CLI11_PARSE(app, argc, argv);

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
    Run r = analyse(m, opts);
    if (k == 0 || r.ms < best.ms)
      best = r;
  }
  printf("%zu functions, %zu exploded nodes, %zu findings, %zu too complex, %zu failures, fastest of %u: %.0f ms\n",
         m.functions.size(), best.nodes, best.findings, best.too_complex, best.failures, repeat, best.ms);
  return 0;
}
