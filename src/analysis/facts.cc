// Project facts: the store's text form, reading, writing and applying.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/facts.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <unistd.h>

namespace pathwise {

namespace {

constexpr const char *kHeader = "pathwise-facts 1";

// The name a function is known by across units.
std::string link_name(const ir::Symbol &sym) {
  return sym.link_name.empty() ? ir::Module::source_name(sym.name) : sym.link_name;
}

// FNV-1a, 64 bits: a stable name for a unit's file.
uint64_t fnv1a(const std::string &s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

} // namespace

std::string facts_text(const ProjectFacts &facts) {
  std::string out = std::string(kHeader) + "\n";
  for (const auto &[name, f] : facts) {
    out += "function " + name;
    if (f.never_returns)
      out += " noreturn";
    if (f.returns_nonnull)
      out += " nonnull";
    out += "\n";
  }
  return out;
}

bool read_facts_text(const std::string &text, ProjectFacts &into, std::string &error) {
  std::istringstream in(text);
  std::string line;
  ProjectFacts unit;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (number == 1) {
      if (line != kHeader) {
        error = "line 1: expected '" + std::string(kHeader) + "'";
        return false;
      }
      continue;
    }
    if (line.empty())
      continue;
    std::istringstream words(line);
    std::string kind, name, word;
    words >> kind >> name;
    if (kind != "function" || name.empty()) {
      error = "line " + std::to_string(number) + ": expected 'function NAME [noreturn] [nonnull]'";
      return false;
    }
    FunctionFacts f;
    while (words >> word) {
      if (word == "noreturn") {
        f.never_returns = true;
      } else if (word == "nonnull") {
        f.returns_nonnull = true;
      } else {
        error = "line " + std::to_string(number) + ": unknown fact '" + word + "' (valid: noreturn, nonnull)";
        return false;
      }
    }
    unit[name] = f;
  }
  if (number == 0) {
    error = "empty (expected '" + std::string(kHeader) + "')";
    return false;
  }
  for (const auto &[name, f] : unit) {
    auto [it, added] = into.emplace(name, f);
    if (!added) { // defined twice: what both say
      it->second.never_returns = it->second.never_returns && f.never_returns;
      it->second.returns_nonnull = it->second.returns_nonnull && f.returns_nonnull;
    }
  }
  return true;
}

ProjectFacts read_facts_store(const std::string &dir, std::vector<std::string> &problems) {
  namespace fs = std::filesystem;
  ProjectFacts facts;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return facts;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".facts")
      files.push_back(it->path());
  if (ec)
    problems.push_back(dir + ": " + ec.message());
  for (const fs::path &p : files) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream text;
    text << f.rdbuf();
    std::string error;
    if (!f.good() && !f.eof())
      problems.push_back(p.string() + ": cannot be read");
    else if (!read_facts_text(text.str(), facts, error))
      problems.push_back(p.string() + ": " + error);
  }
  return facts;
}

bool write_facts_store(const std::string &dir, const std::string &unit, const ProjectFacts &facts,
                       std::string &error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    error = dir + ": " + ec.message();
    return false;
  }
  char hash[17];
  snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(unit)));
  std::string base = fs::path(unit).filename().string();
  for (char &c : base)
    if (c == ' ' || c == '\t')
      c = '_';
  const fs::path target = fs::path(dir) / (base + "-" + hash + ".facts");
  const fs::path aside = fs::path(dir) / ("." + base + "-" + hash + "." + std::to_string(getpid()) + ".tmp");
  {
    std::ofstream out(aside, std::ios::binary | std::ios::trunc);
    out << facts_text(facts);
    out.close();
    if (!out) {
      error = aside.string() + ": cannot be written";
      fs::remove(aside, ec);
      return false;
    }
  }
  fs::rename(aside, target, ec);
  if (ec) {
    error = target.string() + ": " + ec.message();
    fs::remove(aside, ec);
    return false;
  }
  return true;
}

size_t apply_facts(ir::Module &m, const ProjectFacts &facts) {
  size_t gained = 0;
  if (facts.empty())
    return 0;
  for (ir::Symbol &sym : m.symbols) {
    if (sym.kind != ir::SymbolKind::Function || sym.body >= 0 || sym.is_library)
      continue;
    auto it = facts.find(link_name(sym));
    if (it == facts.end())
      continue;
    const bool before_noreturn = sym.is_noreturn, before_nonnull = sym.returns_nonnull;
    sym.is_noreturn = sym.is_noreturn || it->second.never_returns;
    // (A function declared to return nothing returns no pointer.)
    sym.returns_nonnull = sym.returns_nonnull || (it->second.returns_nonnull && !sym.returns_void);
    if (sym.is_noreturn != before_noreturn || sym.returns_nonnull != before_nonnull)
      ++gained;
  }
  return gained;
}

std::vector<bool> may_prove_facts(const ir::Module &m, const std::vector<bool> &never_returns,
                                  const std::vector<bool> &may_end_path) {
  auto flag = [](const std::vector<bool> &v, int32_t f) {
    return f >= 0 && static_cast<size_t>(f) < v.size() && v[static_cast<size_t>(f)];
  };
  std::vector<bool> out(m.functions.size(), false);
  for (size_t f = 0; f < m.functions.size(); ++f) {
    const ir::Function &fn = m.functions[f];
    if (m.symbols[fn.symbol].is_static || (f < never_returns.size() && never_returns[f]))
      continue; // (a fact the summary gives without a path)
    bool calls_noreturn = false;
    for (const ir::Block &b : fn.blocks)
      for (const ir::Instruction &in : b.insns)
        if (in.opcode == ir::Opcode::Call && in.operands[0].kind == ir::OpKind::Func &&
            in.operands[0].id < m.symbols.size()) {
          const ir::Symbol &callee = m.symbols[in.operands[0].id];
          calls_noreturn = calls_noreturn || callee.is_noreturn || flag(never_returns, callee.body) ||
                           flag(may_end_path, callee.body);
        }
    out[f] = fn.ret_type.is_pointer() || calls_noreturn;
  }
  return out;
}

ProjectFacts unit_facts(const ir::Module &m, const std::vector<ProvenOutcome> &proven) {
  ProjectFacts facts;
  for (size_t f = 0; f < m.functions.size(); ++f) {
    const ir::Symbol &sym = m.symbols[m.functions[f].symbol];
    if (sym.is_static)
      continue;
    FunctionFacts &out = facts[link_name(sym)];
    if (f < proven.size()) {
      out.never_returns = proven[f].never_returns;
      out.returns_nonnull = !proven[f].never_returns && proven[f].returns_nonnull &&
                            m.functions[f].ret_type.is_pointer();
    }
  }
  return facts;
}

} // namespace pathwise
