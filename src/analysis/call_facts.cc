// Preconditions of a static function analysed on its own, from its calls.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/call_facts.h"

#include <algorithm>

namespace pathwise {

std::vector<std::vector<uint32_t>> callers_of(const ir::Module &m) {
  std::vector<std::vector<uint32_t>> callers(m.functions.size());
  for (uint32_t g = 0; g < m.functions.size(); ++g)
    for (const ir::Block &b : m.functions[g].blocks)
      for (const ir::Instruction &in : b.insns) {
        if (in.opcode != ir::Opcode::Call || in.operands.empty())
          continue;
        const int32_t f = m.body_of(in.operands[0]);
        if (f < 0 || static_cast<size_t>(f) >= callers.size())
          continue;
        std::vector<uint32_t> &c = callers[static_cast<size_t>(f)];
        if (std::find(c.begin(), c.end(), g) == c.end())
          c.push_back(g);
      }
  return callers;
}

void add_call_facts(CallFacts &into, uint32_t f, const std::vector<ArgFacts> &args) {
  auto [it, first] = into.try_emplace(f, args);
  if (first)
    return;
  std::vector<ArgFacts> &have = it->second;
  if (have.size() != args.size()) {
    // (Calls that disagree on the count: nothing is known.)
    have.assign(std::max(have.size(), args.size()), ArgFacts{});
    return;
  }
  for (size_t k = 0; k < args.size(); ++k) {
    have[k].lo = std::min(have[k].lo, args[k].lo);
    have[k].hi = std::max(have[k].hi, args[k].hi);
    have[k].nonzero = have[k].nonzero && args[k].nonzero;
  }
}

void merge_call_facts(CallFacts &into, const CallFacts &from) {
  for (const auto &[f, args] : from)
    add_call_facts(into, f, args);
}

bool facts_of_calls(const std::vector<std::vector<uint32_t>> &callers, const std::vector<bool> &complete,
                    const CallFacts &seen, uint32_t f, std::vector<ArgFacts> &out) {
  if (f >= callers.size() || callers[f].empty())
    return false;
  for (uint32_t g : callers[f])
    if (g == f || g >= complete.size() || !complete[g])
      return false;
  auto it = seen.find(f);
  if (it == seen.end())
    return false;
  out = it->second;
  return true;
}

} // namespace pathwise
