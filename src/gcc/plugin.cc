// The plugin's entry: version check, plugin arguments, and the IPA pass that
// lowers every function, analyses it and reports what it finds.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <sys/stat.h>

#include "analysis/call_facts.h"
#include "analysis/engine.h"
#include "analysis/facts.h"
#include "diagnostics/sarif.h"
#include "spec/spec.h"
#include "gcc/attributes.h"
#include "gcc/constants.h"
#include "gcc/inline_bodies.h"
#include "gcc/nulled_returns.h"
#include "gcc/lower.h"
#include "gcc/report.h"
#include "gcc/gcc-includes.h"
#include "plugin-version.h"

// The two symbols GCC looks up in a plugin (all others are hidden).
__attribute__((visibility("default"))) int plugin_is_GPL_compatible;

namespace pathwise::plugin {

namespace {

const char *const kPluginName = "pathwise";

struct Options {
  bool dump_ir = false;
  std::string dump_file; // "" = stderr
  std::string sarif;     // SARIF log: a file, or a directory for one file per translation unit ("" = none)
  bool verbose = false;
  std::set<std::string> disabled{"too-complex"};
  DiagramChoice diagrams = DiagramChoice::Auto;
  // Checkers declared in spec files: those named by spec=FILE, then those
  // found in .pathwise/ folders from the source file's directory up
  // (unless no-spec-search).
  std::vector<std::string> spec_files;
  bool spec_search = true;
  bool shipped_specs = true; // specs/*.toml of the installation (no-shipped-specs: none)
  std::vector<std::shared_ptr<const spec::Spec>> specs;
  // The project's facts store (src/analysis/facts.h): read before the
  // analysis, this unit's facts written after it ("" = none).
  std::string facts;
  // Analyse only for the facts store: the functions whose analysis may
  // prove a fact, and report nothing (facts-only).
  bool facts_only = false;
};

Options g_options;

const char *const kArgumentsHelp =
    "diagrams=yes|no|ascii|unicode, dump-ir[=FILE], disable=NAME[,NAME...], enable=NAME[,NAME...], sarif=FILE|DIR|- (-: on stderr), "
    "facts=DIR, facts-only, spec=FILE, no-spec-search, no-shipped-specs, verbose";

std::vector<std::string> valid_names() {
  std::vector<std::string> names = Engine::warning_names();
  names.push_back("too-complex");
  for (const auto &sp : g_options.specs)
    for (const spec::Warning &w : sp->warnings)
      if (std::find(names.begin(), names.end(), w.name) == names.end())
        names.push_back(w.name);
  std::sort(names.begin(), names.end());
  return names;
}

std::string join(const std::vector<std::string> &v) {
  std::string out;
  for (const std::string &s : v)
    out += (out.empty() ? "" : ", ") + s;
  return out;
}

// Applies "NAME[,NAME...]" to the disabled set; false after reporting an
// error for an unknown name.
bool apply_names(const char *key, const char *value, bool disable) {
  if (!value || !*value) {
    error("%s: argument %qs needs a value: %<-fplugin-arg-%s-%s=NAME[,NAME...]%>", kPluginName, key, kPluginName,
          key);
    return false;
  }
  std::vector<std::string> names = valid_names();
  std::string list = value;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (name.rfind("-Wanalyzer-", 0) == 0)
      name = name.substr(11);
    if (name == "all") {
      for (const std::string &n : names)
        disable ? (void)g_options.disabled.insert(n) : (void)g_options.disabled.erase(n);
    } else if (std::find(names.begin(), names.end(), name) != names.end()) {
      disable ? (void)g_options.disabled.insert(name) : (void)g_options.disabled.erase(name);
    } else {
      error("%s: unknown warning %qs in %<%s=%>; valid names are: all, %s", kPluginName, name.c_str(), key,
            join(names).c_str());
      return false;
    }
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return true;
}

// The SARIF log of what was shown: to the file named, or, when that is a
// directory, to DIR/<source file's base name>.sarif (whole-program.sarif
// at an -flto link). A failure to write is an error naming the file.
void write_sarif(const ir::Module &module, const std::vector<Finding> &shown) {
  std::string path = g_options.sarif;
  const std::string text = to_sarif(module, shown, Engine::warning_rules(g_options.specs), PATHWISE_VERSION);
  if (path == "-") { // on stderr, after the diagnostics (see kSarifBegin)
    fflush(stderr);
    fprintf(stderr, "%s\n%s%s%s\n", kSarifBegin, text.c_str(), !text.empty() && text.back() == '\n' ? "" : "\n",
            kSarifEnd);
    fflush(stderr);
    return;
  }
  struct stat st;
  if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::string base = in_lto_p || !main_input_filename ? "whole-program" : main_input_filename;
    const size_t slash = base.find_last_of('/');
    if (slash != std::string::npos)
      base = base.substr(slash + 1);
    path += "/" + base + ".sarif";
  }
  FILE *f = fopen(path.c_str(), "w");
  bool ok = f != nullptr;
  if (f) {
    ok = fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = fclose(f) == 0 && ok;
  }
  if (!ok)
    error("%s: cannot write the SARIF log to %qs: %s", kPluginName, path.c_str(), xstrerror(errno));
}

// Reads the specs (before the other arguments: disable= and enable= may
// name their warnings). A spec that cannot be read is an error naming its
// file and line.
bool load_specs(const plugin_name_args *info) {
  bool ok = true;
  for (int i = 0; i < info->argc; ++i) {
    const char *key = info->argv[i].key;
    const char *value = info->argv[i].value;
    if (!strcmp(key, "spec")) {
      if (!value || !*value) {
        error("%s: argument %<spec%> needs a value: %<-fplugin-arg-%s-spec=FILE%>", kPluginName, kPluginName);
        ok = false;
      } else {
        g_options.spec_files.push_back(value);
      }
    } else if (!strcmp(key, "no-spec-search")) {
      g_options.spec_search = false;
    } else if (!strcmp(key, "no-shipped-specs")) {
      g_options.shipped_specs = false;
    }
  }
  std::vector<std::string> files = g_options.spec_files;
  if (g_options.shipped_specs)
    for (const std::string &f : spec::shipped_specs(PATHWISE_SPECS_INSTALLED, PATHWISE_SPECS_SOURCE))
      files.push_back(f);
  if (g_options.spec_search && main_input_filename)
    for (const std::string &f : spec::find_specs(main_input_filename))
      files.push_back(f);
  for (const std::string &f : files) {
    try {
      g_options.specs.push_back(std::make_shared<const spec::Spec>(spec::load_spec(f)));
      for (const spec::Warning &w : g_options.specs.back()->warnings)
        if (!w.on)
          g_options.disabled.insert(w.name);
    } catch (const spec::SpecError &e) {
      error("%s: %s", kPluginName, e.message.c_str());
      ok = false;
    }
  }
  return ok;
}

bool parse_arguments(const plugin_name_args *info) {
  bool ok = load_specs(info);
  for (int i = 0; i < info->argc; ++i) {
    const char *key = info->argv[i].key;
    const char *value = info->argv[i].value;
    if (!strcmp(key, "spec") || ((!strcmp(key, "no-spec-search") || !strcmp(key, "no-shipped-specs")) && !value)) {
      continue; // (read by load_specs)
    } else if (!strcmp(key, "dump-ir")) {
      g_options.dump_ir = true;
      g_options.dump_file = value ? value : "";
    } else if (!strcmp(key, "verbose")) {
      if (value) {
        error("%s: argument %<verbose%> takes no value", kPluginName);
        ok = false;
      }
      g_options.verbose = true;
    } else if (!strcmp(key, "sarif")) {
      if (!value || !*value) {
        error("%s: argument %<sarif%> needs a value: %<-fplugin-arg-%s-sarif=FILE%> or a directory", kPluginName,
              kPluginName);
        ok = false;
      } else {
        g_options.sarif = value;
      }
    } else if (!strcmp(key, "diagrams")) {
      static const std::pair<const char *, DiagramChoice> choices[] = {{"yes", DiagramChoice::Yes},
                                                                       {"no", DiagramChoice::No},
                                                                       {"ascii", DiagramChoice::Ascii},
                                                                       {"unicode", DiagramChoice::Unicode}};
      bool known = false;
      for (const auto &c : choices)
        if (value && !strcmp(value, c.first)) {
          g_options.diagrams = c.second;
          known = true;
        }
      if (!known) {
        error("%s: argument %<diagrams%> takes %<yes%>, %<no%>, %<ascii%> or %<unicode%>, not %qs", kPluginName,
              value ? value : "");
        ok = false;
      }
    } else if (!strcmp(key, "facts")) {
      if (!value || !*value) {
        error("%s: argument %<facts%> needs a value: %<-fplugin-arg-%s-facts=DIR%>, the facts store of the project",
              kPluginName, kPluginName);
        ok = false;
      } else {
        g_options.facts = value;
      }
    } else if (!strcmp(key, "facts-only")) {
      if (value) {
        error("%s: argument %<facts-only%> takes no value", kPluginName);
        ok = false;
      }
      g_options.facts_only = true;
    } else if (!strcmp(key, "disable")) {
      ok = apply_names(key, value, true) && ok;
    } else if (!strcmp(key, "enable")) {
      ok = apply_names(key, value, false) && ok;
    } else {
      error("%s: unknown argument %qs; valid arguments are: %s", kPluginName, key, kArgumentsHelp);
      ok = false;
    }
  }
  if (g_options.facts_only && g_options.facts.empty()) {
    error("%s: argument %<facts-only%> needs %<facts=DIR%> too (the store to write)", kPluginName);
    ok = false;
  }
  return ok;
}

void dump_module(const ir::Module &m) {
  std::string text = ir::print_module(m);
  if (g_options.dump_file.empty()) {
    fputs(text.c_str(), stderr);
    return;
  }
  FILE *f = fopen(g_options.dump_file.c_str(), "w");
  if (!f) {
    error("%s: cannot write the IR dump to %qs: %s", kPluginName, g_options.dump_file.c_str(), xstrerror(errno));
    return;
  }
  fputs(text.c_str(), f);
  fclose(f);
}

bool finding_before(const ir::Module &m, const Finding &a, const Finding &b) {
  const std::string &fa = a.loc.file < m.files.size() ? m.files[a.loc.file] : "";
  const std::string &fb = b.loc.file < m.files.size() ? m.files[b.loc.file] : "";
  if (fa != fb)
    return fa < fb;
  if (a.loc.line != b.loc.line)
    return a.loc.line < b.loc.line;
  if (a.loc.col != b.loc.col)
    return a.loc.col < b.loc.col;
  return a.warning < b.warning;
}

// Function bodies lowered as soon as GCC has put them in SSA form (the
// "ssa" pass), before its early optimizations: what the analysis sees does
// not depend on -O (at -O2 an unused store or allocation is still there).
// The IPA pass then analyses the translation unit from this module. At
// link time (-flto) bodies come from the object files, written after the
// early optimizations, and are lowered by the IPA pass itself.
struct EarlyLowering {
  ir::Module module;
  ModuleLowering lowering{module};
  std::vector<int> order;      // by lowered function: its cgraph order (definition order)
  size_t not_lowered = 0;
  bool used = false;           // some body went through the early pass
  size_t rooted_symbols = 0;   // symbols whose declarations are kept alive (see lower_early)
};

EarlyLowering *g_early = nullptr;

// The declarations of the functions lowered early, and of the symbols
// they name, kept alive for GCC's garbage collector: a static function
// inlined everywhere at -O2 is removed before the analysis, and its
// findings still name it.
tree g_lowered_decls = NULL_TREE;
const struct ggc_root_tab kRoots[] = {
    {&g_lowered_decls, 1, sizeof(g_lowered_decls), &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node},
    LAST_GGC_ROOT_TAB};

// A body that could not be lowered is not analysed (said when verbose).
void note_not_lowered(tree decl, const std::string &why) {
  if (g_options.verbose)
    inform(DECL_SOURCE_LOCATION(decl), "%s: function %qD skipped: %s", kPluginName, decl, why.c_str());
}

void lower_early(function *fun) {
  if (!g_early)
    g_early = new EarlyLowering;
  EarlyLowering &e = *g_early;
  e.used = true;
  std::string why;
  const size_t before = e.module.functions.size();
  if (e.lowering.lower(fun, why)) {
    g_lowered_decls = tree_cons(NULL_TREE, fun->decl, g_lowered_decls);
    cgraph_node *n = cgraph_node::get(fun->decl);
    e.order.resize(before + 1, n ? n->order : INT_MAX);
  } else {
    ++e.not_lowered;
    note_not_lowered(fun->decl, why);
  }
  // The declarations the module's symbols name (callees, globals) are
  // looked up by address in later bodies: kept alive too, so that GCC's
  // garbage collector does not reuse their memory for another.
  for (; e.rooted_symbols < e.module.symbols.size(); ++e.rooted_symbols)
    if (const uintptr_t decl = e.module.symbols[e.rooted_symbols].handle)
      g_lowered_decls = tree_cons(NULL_TREE, reinterpret_cast<tree>(decl), g_lowered_decls);
}

// Puts the early module's functions in definition order (the order they
// were lowered in is the pass manager's); symbols follow their bodies.
void sort_by_definition(EarlyLowering &e) {
  ir::Module &m = e.module;
  std::vector<uint32_t> perm(m.functions.size());
  for (uint32_t i = 0; i < perm.size(); ++i)
    perm[i] = i;
  std::stable_sort(perm.begin(), perm.end(), [&](uint32_t a, uint32_t b) { return e.order[a] < e.order[b]; });
  std::vector<ir::Function> sorted;
  sorted.reserve(perm.size());
  std::vector<int32_t> new_index(perm.size());
  for (uint32_t i = 0; i < perm.size(); ++i) {
    new_index[perm[i]] = static_cast<int32_t>(i);
    sorted.push_back(std::move(m.functions[perm[i]]));
  }
  m.functions = std::move(sorted);
  for (ir::Symbol &sym : m.symbols)
    if (sym.body >= 0)
      sym.body = new_index[static_cast<size_t>(sym.body)];
}

void analyse_translation_unit() {
  auto start = std::chrono::steady_clock::now();
  ir::Module lto_module;
  ModuleLowering lto_lowering(lto_module);
  const bool early = g_early && g_early->used && !in_lto_p;
  ir::Module &module = early ? g_early->module : lto_module;
  ModuleLowering &lowering = early ? g_early->lowering : lto_lowering;
  size_t not_lowered = early ? g_early->not_lowered : 0;
  if (early) {
    sort_by_definition(*g_early);
  } else {
    // Functions in definition order, for deterministic output.
    std::vector<cgraph_node *> nodes;
    cgraph_node *node;
    FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
      // At link time (-flto) bodies are read in from the object files.
      if (in_lto_p && !node->get_fun())
        node->get_untransformed_body();
      if (node->get_fun())
        nodes.push_back(node);
    }
    std::sort(nodes.begin(), nodes.end(), [](cgraph_node *a, cgraph_node *b) { return a->order < b->order; });
    for (cgraph_node *n : nodes) {
      function *fun = n->get_fun();
      std::string why;
      push_cfun(fun);
      bool ok = lowering.lower(fun, why);
      pop_cfun();
      if (!ok) {
        ++not_lowered;
        note_not_lowered(n->decl, why);
      }
    }
  }
  lowering.mark_tainted_callbacks();
  lowering.mark_functions_in_data();
  fill_named_constants(module);
  if (!g_options.facts.empty()) {
    std::vector<std::string> problems;
    const ProjectFacts facts = read_facts_store(g_options.facts, problems);
    for (const std::string &p : problems)
      warning(0, "%s: facts store: %s (skipped)", kPluginName, p.c_str());
    const size_t gained = apply_facts(module, facts);
    if (g_options.verbose)
      fprintf(stderr, "pathwise: facts store %s: %zu functions known, %zu declarations here gained a fact\n",
              g_options.facts.c_str(), facts.size(), gained);
  }
  if (g_options.dump_ir)
    dump_module(module);

  EngineOptions eopts;
  eopts.disabled = g_options.disabled;
  eopts.specs = g_options.specs;
  Engine engine(module, eopts);
  std::vector<Finding> findings;
  size_t failed = 0, too_complex = 0, total_nodes = 0;
  // Entries first; then static functions that were only called, if no
  // analysis stepped into them.
  const std::vector<bool> &entry = engine.entries();
  std::vector<bool> entered(module.functions.size(), false);
  // What the calls of functions analysed on their own that explored all
  // their paths give the static functions they did not step into
  // (call_facts.h).
  std::vector<bool> complete(module.functions.size(), false);
  const std::vector<std::vector<uint32_t>> callers = callers_of(module);
  CallFacts seen_calls;
  std::vector<ProvenOutcome> proven(module.functions.size());
  for (size_t i = 0; i < proven.size(); ++i)
    proven[i].never_returns = engine.summary().never_returns[i];
  std::vector<bool> wanted;
  if (g_options.facts_only)
    wanted = may_prove_facts(module, engine.summary().never_returns, engine.summary().may_end_path);
  for (uint32_t i : engine.analysis_order()) {
    if (!entry[i] && entered[i])
      continue;
    if (g_options.facts_only && !wanted[i])
      continue;
    tree decl = reinterpret_cast<tree>(module.functions[i].handle);
    std::string failure;
    try {
      auto t0 = std::chrono::steady_clock::now();
      std::vector<ArgFacts> given;
      const bool known = !entry[i] && facts_of_calls(callers, complete, seen_calls, i, given);
      FunctionResult r = engine.analyze(i, known ? &given : nullptr);
      total_nodes += r.nodes;
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (g_options.verbose && ms >= 20.0)
        inform(DECL_SOURCE_LOCATION(decl), "%s: analysis of %qD took %d ms (%lu exploded nodes)", kPluginName,
               decl, static_cast<int>(ms), static_cast<unsigned long>(r.nodes));
      if (r.too_complex) {
        ++too_complex;
        if (!g_options.disabled.count("too-complex"))
          inform(DECL_SOURCE_LOCATION(decl), "%s: analysis of %qD stopped early: %s", kPluginName, decl,
                 r.too_complex_reason.c_str());
      }
      for (Finding &f : r.findings)
        findings.push_back(std::move(f));
      // (Every path explored, as an entry: what its returns were.)
      if (!r.too_complex && entry[i]) {
        proven[i].never_returns = proven[i].never_returns || r.returns == 0;
        proven[i].returns_nonnull = r.returns > 0 && r.returns_maybe_null == 0;
      }
      for (uint32_t e : r.entered)
        entered[e] = true;
      complete[i] = !r.too_complex && !r.paths_cut;
      merge_call_facts(seen_calls, r.calls_not_entered);
    } catch (const InternalError &e) {
      failure = e.message;
    } catch (const std::exception &e) {
      failure = e.what();
    } catch (...) {
      failure = "unknown internal error";
    }
    if (!failure.empty()) {
      ++failed;
      if (g_options.verbose)
        inform(DECL_SOURCE_LOCATION(decl), "%s: analysis of %qD skipped: %s", kPluginName, decl, failure.c_str());
    }
  }
  try {
    for (Finding &f : g_options.facts_only ? std::vector<Finding>() : engine.module_findings())
      findings.push_back(std::move(f));
  } catch (...) {
    ++failed; // an internal failure: the module-wide checks are skipped
  }
  if (!g_options.facts.empty()) {
    // (A unit is named by its source's absolute path: compiles in other
    // folders may have sources of one name.)
    std::string unit = in_lto_p || !main_input_filename ? "whole-program" : main_input_filename;
    if (!unit.empty() && unit[0] != '/') {
      char cwd[4096];
      if (getcwd(cwd, sizeof cwd))
        unit = std::string(cwd) + "/" + unit;
    }
    std::string error;
    if (!in_lto_p && !write_facts_store(g_options.facts, unit, unit_facts(module, proven), error))
      warning(0, "%s: facts store: %s", kPluginName, error.c_str());
  }
  if (g_options.facts_only)
    findings.clear(); // (analysed for the store only)
  deduplicate(findings);
  std::stable_sort(findings.begin(), findings.end(),
                   [&](const Finding &a, const Finding &b) { return finding_before(module, a, b); });
  std::vector<Finding> shown;
  Charset charset = Charset::Ascii;
  const bool draw = diagrams_wanted(g_options.diagrams, charset);
  for (const Finding &f : findings)
    if (emit_finding(module, f, draw, charset))
      shown.push_back(f);
  if (!g_options.sarif.empty())
    write_sarif(module, shown);
  if (g_options.verbose) {
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    fprintf(stderr,
            "pathwise: %s: %zu functions lowered, %zu not lowered, %zu analysis failures, %zu too complex, "
            "%zu exploded nodes, %zu findings, %.1f ms\n",
            in_lto_p ? "whole program (-flto)" : main_input_filename ? main_input_filename : "?", module.functions.size(), not_lowered, failed,
            too_complex, total_nodes, findings.size(), ms);
  }
  if (early) {
    delete g_early; // analysed: the memory goes back before code generation
    g_early = nullptr;
    g_lowered_decls = NULL_TREE;
  }
}

const pass_data kPassData = {
    IPA_PASS,        // type
    "pathwise",      // name
    OPTGROUP_NONE,   // optinfo_flags
    TV_NONE,         // tv_id
    0,               // properties_required
    0,               // properties_provided
    0,               // properties_destroyed
    0,               // todo_flags_start
    0,               // todo_flags_finish
};

// The first of the regular IPA passes (where GCC's -fanalyzer runs): every
// function body is in SSA form at any -O level. GCC runs these passes once
// per translation unit in a plain compile, and once for the whole program
// at link time under -flto (in lto1's WPA stage, or its single process
// with -flto-partition=one/none); the compile steps of an -flto build,
// which only write bytecode, and the LTRANS stage do not run them.
class Pass final : public ipa_opt_pass_d {
public:
  // No summaries and no transforms: the pass only reads.
  explicit Pass(gcc::context *ctxt)
      : ipa_opt_pass_d(kPassData, ctxt, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 0, nullptr, nullptr) {}
  bool gate(function *) final override { return !seen_error(); }
  unsigned int execute(function *) final override {
    analyse_translation_unit();
    return 0;
  }
  opt_pass *clone() final override { return new Pass(m_ctxt); }
};

const pass_data kLowerPassData = {
    GIMPLE_PASS,       // type
    "pathwise-lower",  // name
    OPTGROUP_NONE,     // optinfo_flags
    TV_NONE,           // tv_id
    PROP_ssa | PROP_cfg, // properties_required
    0,                 // properties_provided
    0,                 // properties_destroyed
    0,                 // todo_flags_start
    0,                 // todo_flags_finish
};

// Right after GCC builds SSA form, before any optimization: lowers the
// body into the early module (see EarlyLowering). Nothing to do in the
// compile step of an -flto build that writes only bytecode (the whole
// program is analysed at link time) or after an error.
class LowerPass final : public gimple_opt_pass {
public:
  explicit LowerPass(gcc::context *ctxt) : gimple_opt_pass(kLowerPassData, ctxt) {}
  bool gate(function *) final override {
    return !seen_error() && !in_lto_p && !(flag_generate_lto && !flag_fat_lto_objects);
  }
  unsigned int execute(function *fun) final override {
    try {
      lower_early(fun);
    } catch (...) {
      // Out of memory or worse: this body is not analysed, the compile goes on.
    }
    return 0;
  }
  opt_pass *clone() final override { return new LowerPass(m_ctxt); }
};

} // namespace

} // namespace pathwise::plugin

__attribute__((visibility("default"))) int plugin_init(struct plugin_name_args *info,
                                                       struct plugin_gcc_version *version) {
  using namespace pathwise::plugin;
  const char *loaded = version ? version->basever : "unknown";
  // Test hook: pretend to be loaded into another GCC.
  if (const char *pretend = getenv("PATHWISE_TEST_LOADED_GCC_VERSION"))
    loaded = pretend;
  if (strcmp(loaded, gcc_version.basever) != 0) {
    error("%s: built for GCC %s but loaded into GCC %s; rebuild pathwise against the plugin headers of this GCC",
          kPluginName, gcc_version.basever, loaded);
    return 0;
  }
  for (const std::string &off : pathwise::Engine::off_by_default())
    g_options.disabled.insert(off);
  if (!parse_arguments(info))
    return 0;

  static struct plugin_info about = {PATHWISE_VERSION,
                                     "path-sensitive static analyzer; arguments: dump-ir[=FILE], "
                                     "disable=NAME[,NAME...], enable=NAME[,NAME...], verbose"};
  register_callback(info->base_name, PLUGIN_INFO, nullptr, &about);

  // The analysis after GCC's own analyzer pass; the lowering right after
  // SSA form is built.
  auto insert_after = [&](opt_pass *pass, const char *reference) {
    struct register_pass_info where;
    where.pass = pass;
    where.reference_pass_name = reference;
    where.ref_pass_instance_number = 1;
    where.pos_op = PASS_POS_INSERT_AFTER;
    register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &where);
  };
  insert_after(new Pass(g), "analyzer");
  opt_pass *lower = new LowerPass(g);
  insert_after(lower, "ssa");
  register_callback(info->base_name, PLUGIN_REGISTER_GGC_ROOTS, nullptr, const_cast<ggc_root_tab *>(kRoots));
  register_new_attributes(info->base_name);
  register_named_constants(info->base_name);
  register_nulled_returns(info->base_name);
  register_inline_bodies(info->base_name, lower);
  return 0;
}
