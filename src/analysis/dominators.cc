// Dominators by the iterative algorithm of Cooper, Harvey and Kennedy ("A
// Simple, Fast Dominance Algorithm"): blocks in reverse postorder, each
// block's dominator the common one of its processed predecessors, until
// nothing changes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/dominators.h"

#include <cstddef>
#include <utility>

namespace pathwise::detail {

std::vector<int32_t> immediate_dominators(const std::vector<std::vector<uint32_t>> &succ) {
  const size_t n = succ.size();
  std::vector<int32_t> idom(n, -1);
  if (n == 0)
    return idom;
  // Postorder numbers from a depth-first search of the entry.
  std::vector<int32_t> post(n, -1);
  std::vector<uint32_t> order; // postorder
  std::vector<uint8_t> seen(n, 0);
  std::vector<std::pair<uint32_t, size_t>> stack{{0, 0}};
  seen[0] = 1;
  while (!stack.empty()) {
    auto &[b, k] = stack.back();
    if (k < succ[b].size()) {
      const uint32_t t = succ[b][k++];
      if (t < n && !seen[t]) {
        seen[t] = 1;
        stack.push_back({t, 0});
      }
      continue;
    }
    post[b] = static_cast<int32_t>(order.size());
    order.push_back(b);
    stack.pop_back();
  }
  std::vector<std::vector<uint32_t>> preds(n);
  for (size_t b = 0; b < n; ++b)
    for (uint32_t t : succ[b])
      if (t < n)
        preds[t].push_back(static_cast<uint32_t>(b));
  auto intersect = [&](int32_t a, int32_t b) {
    while (a != b) {
      while (post[static_cast<size_t>(a)] < post[static_cast<size_t>(b)])
        a = idom[static_cast<size_t>(a)];
      while (post[static_cast<size_t>(b)] < post[static_cast<size_t>(a)])
        b = idom[static_cast<size_t>(b)];
    }
    return a;
  };
  idom[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const uint32_t b = *it;
      if (b == 0)
        continue;
      int32_t d = -1;
      for (uint32_t p : preds[b])
        if (idom[p] >= 0)
          d = d < 0 ? static_cast<int32_t>(p) : intersect(static_cast<int32_t>(p), d);
      if (d >= 0 && idom[b] != d) {
        idom[b] = d;
        changed = true;
      }
    }
  }
  return idom;
}

bool dominates(const std::vector<int32_t> &idom, uint32_t a, uint32_t b) {
  if (a >= idom.size() || b >= idom.size() || idom[b] < 0)
    return false;
  for (uint32_t x = b;; x = static_cast<uint32_t>(idom[x])) {
    if (x == a)
      return true;
    if (x == 0 || idom[x] < 0)
      return false;
  }
}

} // namespace pathwise::detail
