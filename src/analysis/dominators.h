// Dominators of a function's blocks: block a dominates block b when every
// path from the entry (block 0) to b passes through a.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

namespace pathwise::detail {

// The immediate dominator of each block, from the blocks' successors
// (the entry's is itself; -1 for a block the entry does not reach).
std::vector<int32_t> immediate_dominators(const std::vector<std::vector<uint32_t>> &succ);

// Does a dominate b (every block dominates itself)?
bool dominates(const std::vector<int32_t> &idom, uint32_t a, uint32_t b);

} // namespace pathwise::detail
