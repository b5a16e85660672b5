// Unit tests of the preconditions a static function analysed on its own
// takes from its calls (src/analysis/call_facts.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/call_facts.h"
#include "analysis/engine.h"

using namespace pathwise;
using namespace pathwise::ir;

namespace {

// @scan (static, only called) dereferences NULL when its count is 0;
// @next never calls it with 0, @any may.
const char *kUnit = R"(func static @scan(%1:u64 "len") -> i32 {
bb0:
  br eq %1, 0:u64, bb1, bb2
bb1:
  store *null, 1:i32
  jmp bb2
bb2:
  ret 0:i32
}
func @next(%1:u64 "len") -> i32 {
bb0:
  br eq %1, 0:u64, bb1, bb2
bb1:
  ret 0:i32
bb2:
  %2:i32 = call @scan(%1)
  ret %2
}
func @small(%1:u64 "len") -> i32 {
bb0:
  br gt %1, 16:u64, bb1, bb2
bb1:
  ret 0:i32
bb2:
  br lt %1, 4:u64, bb1, bb3
bb3:
  %2:i32 = call @scan(%1)
  ret %2
}
)";

TEST(CallFacts, CallersAreTheFunctionsThatCallDirectly) {
  Module m = parse_module(kUnit);
  const auto callers = callers_of(m);
  ASSERT_EQ(callers.size(), 3u);
  EXPECT_EQ(callers[0], (std::vector<uint32_t>{1, 2}));
  EXPECT_TRUE(callers[1].empty());
  EXPECT_TRUE(callers[2].empty());
}

TEST(CallFacts, MergingWidensRangesAndKeepsNonZeroOnlyIfEveryCallHadIt) {
  CallFacts a, b;
  a[0] = {ArgFacts{4, 16, true}, ArgFacts{}};
  b[0] = {ArgFacts{1, 2, true}, ArgFacts{0, 0, false}};
  b[5] = {ArgFacts{7, 7, true}};
  merge_call_facts(a, b);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0][0].lo, 1);
  EXPECT_EQ(a[0][0].hi, 16);
  EXPECT_TRUE(a[0][0].nonzero);
  EXPECT_EQ(a[0][1].lo, INT64_MIN);
  EXPECT_FALSE(a[0][1].nonzero);
  EXPECT_EQ(a[5][0].lo, 7);
  // (Calls that disagree on how many arguments: nothing known.)
  CallFacts c;
  c[5] = {ArgFacts{1, 1, true}, ArgFacts{2, 2, true}};
  merge_call_facts(a, c);
  EXPECT_FALSE(a[5][0].nonzero);
  EXPECT_EQ(a[5][0].hi, INT64_MAX);
}

TEST(CallFacts, KnownOnlyWhenEveryCallerExploredAllItsPaths) {
  Module m = parse_module(kUnit);
  Engine e(m, {});
  const auto callers = callers_of(m);
  const std::vector<bool> &entry = e.entries();
  ASSERT_FALSE(entry[0]);
  CallFacts seen;
  std::vector<bool> complete(3, false);
  for (uint32_t g : {1u, 2u}) {
    FunctionResult r = e.analyze(g);
    complete[g] = !r.too_complex && !r.paths_cut;
    merge_call_facts(seen, r.calls_not_entered);
  }
  std::vector<ArgFacts> given;
  ASSERT_TRUE(facts_of_calls(callers, complete, seen, 0, given));
  ASSERT_EQ(given.size(), 1u);
  EXPECT_TRUE(given[0].nonzero); // (4..16 from @small, not 0 from @next)
  std::vector<bool> partial = complete;
  partial[2] = false;
  EXPECT_FALSE(facts_of_calls(callers, partial, seen, 0, given));
  // On its own, the NULL store is found; given what the calls give, its
  // branch never runs.
  EXPECT_EQ(e.analyze(0).findings.size(), 1u);
  EXPECT_TRUE(e.analyze(0, &given).findings.empty());
}

} // namespace
