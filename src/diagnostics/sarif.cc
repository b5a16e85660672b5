// SARIF 2.1.0 output.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnostics/sarif.h"

#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "diagnostics/diagram_json.h"

namespace pathwise {

using nlohmann::json;

std::string uri_escape(const std::string &path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

bool take_sarif_log(std::string &said, std::string &log) {
  // (Each marker alone on its line.)
  auto line_at = [&](const std::string &marker, size_t from) {
    for (size_t at = said.find(marker, from); at != std::string::npos; at = said.find(marker, at + 1)) {
      const size_t end = at + marker.size();
      if ((at == 0 || said[at - 1] == '\n') && (end == said.size() || said[end] == '\n'))
        return at;
    }
    return std::string::npos;
  };
  const size_t begin = line_at(kSarifBegin, 0);
  if (begin == std::string::npos)
    return false;
  const size_t body = std::min(said.size(), begin + std::char_traits<char>::length(kSarifBegin) + 1);
  const size_t end = line_at(kSarifEnd, body);
  if (end == std::string::npos) {
    said.erase(begin); // (cut short: the compiler died while writing it)
    return false;
  }
  log = said.substr(body, end - body);
  const size_t after = std::min(said.size(), end + std::char_traits<char>::length(kSarifEnd) + 1);
  said.erase(begin, after - begin);
  return true;
}

namespace {

// A file name as a URI reference: absolute paths become file:// URIs.
std::string uri_of(const std::string &path) {
  return (!path.empty() && path[0] == '/' ? "file://" : "") + uri_escape(path);
}

std::string file_of(const ir::Module &m, const ir::Loc &loc) {
  return loc.file < m.files.size() ? m.files[loc.file] : "";
}

json physical(const ir::Module &m, const ir::Loc &loc) {
  json p = {{"artifactLocation", {{"uri", uri_of(file_of(m, loc))}}}};
  if (loc.line) {
    p["region"] = {{"startLine", loc.line}};
    if (loc.col)
      p["region"]["startColumn"] = loc.col;
  }
  return p;
}

// A rule's readable name: "double-free" -> "DoubleFree".
std::string pascal_case(const std::string &id) {
  std::string out;
  bool upper = true;
  for (char c : id) {
    if (c == '-') {
      upper = true;
    } else {
      out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
      upper = false;
    }
  }
  return out;
}

std::string function_of(const ir::Module &m, uint32_t f) {
  return f < m.functions.size() ? m.function_name(m.functions[f]) : "";
}

} // namespace

std::string fingerprint(const ir::Module &m, const Finding &f, int rank) {
  // FNV-1a, 64 bits, over the parts that do not move when lines do.
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](const std::string &s) {
    for (unsigned char c : s)
      h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull; // a separator
  };
  mix(f.warning);
  mix(file_of(m, f.loc));
  mix(function_of(m, f.function));
  mix(plain_text(f.message));
  mix(std::to_string(rank));
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string to_sarif(const ir::Module &m, const std::vector<Finding> &findings, const std::vector<RuleInfo> &rules,
                     const std::string &version) {
  // Rules: every warning pathwise has; the CWE taxonomy: the CWEs they name.
  json rule_list = json::array(), taxa = json::array();
  std::map<std::string, size_t> rule_index;
  std::set<int> cwes;
  for (const RuleInfo &r : rules) {
    json rule = {{"id", r.name},
                 {"name", pascal_case(r.name)},
                 {"shortDescription", {{"text", r.cwe ? r.cwe_title : r.name}}},
                 {"defaultConfiguration", {{"level", "warning"}}},
                 {"helpUri", "https://gcc.gnu.org/onlinedocs/gcc-12.1.0/gcc/Static-Analyzer-Options.html"}};
    if (r.cwe) {
      rule["relationships"] = json::array(
          {{{"target", {{"id", std::to_string(r.cwe)}, {"toolComponent", {{"name", "CWE"}}}}}, {"kinds", {"superset"}}}});
      if (cwes.insert(r.cwe).second)
        taxa.push_back({{"id", std::to_string(r.cwe)},
                        {"name", r.cwe_title.empty() ? "CWE-" + std::to_string(r.cwe) : r.cwe_title},
                        {"helpUri", "https://cwe.mitre.org/data/definitions/" + std::to_string(r.cwe) + ".html"}});
    }
    rule_index[r.name] = rule_list.size();
    rule_list.push_back(std::move(rule));
  }
  // Results, in order; equal findings ranked for their fingerprints.
  json results = json::array();
  std::map<std::tuple<std::string, std::string, std::string, std::string>, int> seen;
  std::set<std::string> artifacts;
  for (const Finding &f : findings) {
    if (f.is_note || f.warning == "introspection")
      continue;
    const std::string message = plain_text(f.message);
    const int rank = seen[{f.warning, file_of(m, f.loc), function_of(m, f.function), message}]++;
    json result = {{"ruleId", f.warning},
                   {"level", "warning"},
                   {"message", {{"text", message}}},
                   {"locations", json::array({{{"physicalLocation", physical(m, f.loc)}}})},
                   {"partialFingerprints", {{"pathwiseFindingHash/v1", fingerprint(m, f, rank)}}}};
    auto idx = rule_index.find(f.warning);
    if (idx != rule_index.end())
      result["ruleIndex"] = idx->second;
    if (!function_of(m, f.function).empty())
      result["locations"][0]["logicalLocations"] =
          json::array({{{"name", function_of(m, f.function)}, {"kind", "function"}}});
    if (!f.events.empty()) {
      json steps = json::array();
      for (size_t k = 0; k < f.events.size(); ++k) {
        const PathEvent &e = f.events[k];
        json loc = {{"message", {{"text", plain_text(e.text)}}}};
        if (e.loc.line)
          loc["physicalLocation"] = physical(m, e.loc);
        steps.push_back({{"location", loc},
                         {"nestingLevel", e.depth > 0 ? e.depth - 1 : 0},
                         {"executionOrder", k + 1}});
        if (e.meaning != EventMeaning::None)
          steps.back()["kinds"] = sarif_kinds(e.meaning);
      }
      result["codeFlows"] = json::array({{{"threadFlows", json::array({{{"locations", steps}}})}}});
    }
    if (!f.notes.empty()) {
      json related = json::array();
      for (size_t k = 0; k < f.notes.size(); ++k)
        related.push_back({{"id", k + 1},
                           {"message", {{"text", plain_text(f.notes[k].text)}}},
                           {"physicalLocation", physical(m, f.notes[k].loc)}});
      result["relatedLocations"] = related;
    }
    if (f.diagram && f.diagram->drawable())
      result["properties"][kDiagramProperty] = diagram_to_json(*f.diagram);
    if (!file_of(m, f.loc).empty())
      artifacts.insert(file_of(m, f.loc));
    results.push_back(std::move(result));
  }
  json artifact_list = json::array();
  for (const std::string &a : artifacts)
    artifact_list.push_back({{"location", {{"uri", uri_of(a)}}}});
  json run = {{"tool",
               {{"driver",
                 {{"name", "pathwise"},
                  {"version", version},
                  {"semanticVersion", version},
                  {"informationUri", "https://gcc.gnu.org/onlinedocs/gccint/Plugins.html"},
                  {"rules", rule_list},
                  {"supportedTaxonomies", json::array({{{"name", "CWE"}}})}}}}},
              {"taxonomies",
               json::array({{{"name", "CWE"},
                             {"version", "4.13"},
                             {"informationUri", "https://cwe.mitre.org/data/published/cwe_v4.13.pdf"},
                             {"organization", "MITRE"},
                             {"shortDescription", {{"text", "The MITRE Common Weakness Enumeration"}}},
                             {"taxa", taxa}}})},
              {"artifacts", artifact_list},
              {"columnKind", "unicodeCodePoints"},
              {"results", results}};
  json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({run})}};
  return log.dump(2) + "\n";
}

} // namespace pathwise
