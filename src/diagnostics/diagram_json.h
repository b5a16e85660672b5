// The picture of an out-of-bounds access in a SARIF result's property bag
// ("pathwise/accessDiagram"): written by the plugin, read by the pathwise
// command for its HTML report.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include "diagnostics/diagram.h"

namespace pathwise {

inline constexpr const char *kDiagramProperty = "pathwise/accessDiagram";

inline nlohmann::json diagram_to_json(const AccessDiagram &d) {
  nlohmann::json j = {{"access", d.write ? "write" : "read"}, {"memory", d.memory}, {"buffer", d.buffer},
                      {"type", d.type},  {"element", d.element},     {"start", d.start},
                      {"size", d.size}};
  if (d.symbolic())
    j["capacityExpression"] = d.capacity_text;
  else
    j["capacity"] = d.capacity;
  return j;
}

// False (d untouched) unless j has the shape diagram_to_json gives and
// describes a drawable access.
inline bool diagram_from_json(const nlohmann::json &j, AccessDiagram &d) {
  if (!j.is_object())
    return false;
  auto text = [&](const char *key, std::string &out) {
    auto it = j.find(key);
    if (it == j.end())
      return true;
    if (!it->is_string())
      return false;
    out = it->get<std::string>();
    return true;
  };
  auto number = [&](const char *key, int64_t &out) {
    auto it = j.find(key);
    if (it == j.end())
      return true;
    if (!it->is_number_integer())
      return false;
    out = it->get<int64_t>();
    return true;
  };
  AccessDiagram out;
  std::string access;
  if (!text("access", access) || !text("memory", out.memory) || !text("buffer", out.buffer) ||
      !text("type", out.type) || !text("capacityExpression", out.capacity_text) ||
      !number("capacity", out.capacity) || !number("element", out.element) || !number("start", out.start) ||
      !number("size", out.size))
    return false;
  out.write = access == "write";
  if ((access != "write" && access != "read") || !out.drawable())
    return false;
  d = std::move(out);
  return true;
}

} // namespace pathwise
