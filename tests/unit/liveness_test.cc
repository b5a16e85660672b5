// Unit tests of liveness: where temporaries die.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/liveness.h"

using namespace pathwise;
using namespace pathwise::ir;

TEST(Liveness, ValueUsedInSuccessorIsLiveOut) {
  Module m = parse_module(R"(func @f(%1:i32 "c") -> void {
bb0:
  %2:ptr = call @malloc(8:i64)
  br ne %1, 0:i32, bb1, bb2
bb1:
  ret
bb2:
  call @free(%2)
  ret
}
)");
  Liveness L = compute_liveness(m.functions[0]);
  EXPECT_TRUE(L.live_out[0].test(2));
  EXPECT_FALSE(L.live_start[1].test(2));
  EXPECT_TRUE(L.live_start[2].test(2));
  // %2 dies after the call to free.
  EXPECT_EQ(L.dies[2][0], std::vector<uint32_t>{2});
}

TEST(Liveness, UnreadValueDiesWhereDefined) {
  Module m = parse_module(R"(func @f() -> void {
bb0:
  %1:ptr "p" = call @malloc(10:i64)
  %2:i32 = copy 0:i32
  %3:ptr "p" = call @malloc(20:i64)
  call @free(%3)
  ret
}
)");
  Liveness L = compute_liveness(m.functions[0]);
  // Pure liveness: which variable a value belongs to is the engine's business.
  EXPECT_EQ(L.dies[0][0], std::vector<uint32_t>{1});
  EXPECT_EQ(L.dies[0][1], std::vector<uint32_t>{2});
  EXPECT_EQ(L.dies[0][3], std::vector<uint32_t>{3});
  EXPECT_TRUE(is_live_after(L, m.functions[0], 0, 2, 3));
  EXPECT_FALSE(is_live_after(L, m.functions[0], 0, 3, 3));
}

TEST(Liveness, PhiOperandIsLiveOutOfItsPredecessorOnly) {
  Module m = parse_module(R"(func @f(%1:i32 "c") -> i32 {
bb0:
  %2:i32 = copy 1:i32
  %3:i32 = copy 2:i32
  br ne %1, 0:i32, bb1, bb2
bb1:
  jmp bb2
bb2:
  %4:i32 = phi [%2, bb0], [%3, bb1]
  ret %4
}
)");
  Liveness L = compute_liveness(m.functions[0]);
  EXPECT_TRUE(L.live_out[0].test(2));
  EXPECT_TRUE(L.live_out[0].test(3)); // needed by bb1's edge
  EXPECT_TRUE(L.live_out[1].test(3));
  EXPECT_FALSE(L.live_out[1].test(2));
  EXPECT_TRUE(L.live_start[2].test(4));
}
