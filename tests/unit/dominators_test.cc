// Dominators of a control-flow graph given as successor lists.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/dominators.h"

using pathwise::detail::dominates;
using pathwise::detail::immediate_dominators;

// 0 -> 1 -> {2, 3} -> 4, and 4 -> 1 (a loop); 5 unreachable.
TEST(Dominators, DiamondInALoop) {
  const std::vector<std::vector<uint32_t>> succ = {{1}, {2, 3}, {4}, {4}, {1}, {4}};
  const std::vector<int32_t> idom = immediate_dominators(succ);
  EXPECT_EQ(idom, (std::vector<int32_t>{0, 0, 1, 1, 1, -1}));
  EXPECT_TRUE(dominates(idom, 1, 4));  // every way to 4 passes 1
  EXPECT_FALSE(dominates(idom, 2, 4)); // not through 3
  EXPECT_TRUE(dominates(idom, 0, 3));
  EXPECT_TRUE(dominates(idom, 3, 3));
  EXPECT_FALSE(dominates(idom, 4, 1)); // the back edge does not count
  EXPECT_FALSE(dominates(idom, 0, 5)); // unreachable
}

// Two ways into a join that is not the entry's successor.
TEST(Dominators, ChainAndJoin) {
  const std::vector<std::vector<uint32_t>> succ = {{1, 2}, {3}, {3}, {4}, {}};
  const std::vector<int32_t> idom = immediate_dominators(succ);
  EXPECT_EQ(idom, (std::vector<int32_t>{0, 0, 0, 0, 3}));
  EXPECT_TRUE(dominates(idom, 3, 4));
  EXPECT_FALSE(dominates(idom, 1, 4));
}
