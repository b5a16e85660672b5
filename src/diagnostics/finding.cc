// Findings: plain-text rendering and markup helpers.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnostics/finding.h"

#include <map>
#include <tuple>

namespace pathwise {

std::vector<const char *> sarif_kinds(EventMeaning m) {
  switch (m) {
  case EventMeaning::Call: return {"call", "function"};
  case EventMeaning::Enter: return {"enter", "function"};
  case EventMeaning::Return: return {"return", "function"};
  case EventMeaning::Branch: return {"branch"};
  case EventMeaning::Danger: return {"danger"};
  case EventMeaning::None: break;
  }
  return {};
}

void deduplicate(std::vector<Finding> &findings) {
  std::map<std::tuple<std::string, uint32_t, uint32_t, uint32_t, uintptr_t, std::string, bool>, size_t> best;
  std::vector<bool> keep(findings.size(), false);
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding &f = findings[i];
    auto key = std::make_tuple(f.warning, f.loc.file, f.loc.line, f.loc.col, f.loc.handle, f.message, f.is_note);
    auto [it, fresh] = best.emplace(key, i);
    if (fresh) {
      keep[i] = true;
    } else if (f.events.size() < findings[it->second].events.size()) {
      keep[it->second] = false;
      keep[i] = true;
      it->second = i;
    }
  }
  size_t out = 0;
  for (size_t i = 0; i < findings.size(); ++i)
    if (keep[i]) {
      if (out != i)
        findings[out] = std::move(findings[i]);
      ++out;
    }
  findings.resize(out);
}

std::string plain_text(const std::string &markup) {
  std::string out;
  for (size_t i = 0; i < markup.size(); ++i) {
    if (markup[i] == '%' && i + 1 < markup.size()) {
      char c = markup[i + 1];
      if (c == '<' || c == '>') {
        out += '\'';
        ++i;
        continue;
      }
      if (c == '%') {
        out += '%';
        ++i;
        continue;
      }
    }
    out += markup[i];
  }
  return out;
}

std::string quote_expr(const std::string &expr) {
  if (expr.empty())
    return "%<<unknown>%>";
  std::string out = "%<";
  for (char c : expr) {
    if (c == '%')
      out += "%%";
    else
      out += c;
  }
  return out + "%>";
}

static std::string loc_text(const ir::Module &m, const ir::Loc &l) {
  std::string file = l.file < m.files.size() ? m.files[l.file] : "?";
  return file + ":" + std::to_string(l.line) + ":" + std::to_string(l.col);
}

std::string format_finding(const ir::Module &m, const Finding &f) {
  std::string out = loc_text(m, f.loc) + ": warning: " + plain_text(f.message);
  if (f.cwe)
    out += " [CWE-" + std::to_string(f.cwe) + "]";
  out += " [-Wanalyzer-" + f.warning + "]\n";
  for (size_t i = 0; i < f.events.size(); ++i) {
    const PathEvent &e = f.events[i];
    out += "  " + std::to_string(e.loc.line) + ":" + std::to_string(e.loc.col) + ": (" + std::to_string(i + 1) +
           ") " + plain_text(e.text) + "\n";
  }
  for (const PathEvent &n : f.notes)
    out += "  note: " + plain_text(n.text) + "\n";
  return out;
}

} // namespace pathwise
