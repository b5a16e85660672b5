// Unit tests of infinite-loop detection (loops.cc), on IR written as text.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/engine.h"

using namespace pathwise;
using namespace pathwise::ir;

namespace {

std::vector<Finding> loops_found(const std::string &text) {
  Module m = parse_module(text);
  Engine e(m, {});
  std::vector<Finding> out;
  for (Finding &f : e.analyze(0).findings)
    if (f.warning == "infinite-loop")
      out.push_back(std::move(f));
  return out;
}

// "int i = 0; while (flag) i++;" with the test given: the loop's test is of
// a value the loop never changes.
std::string counting_while(const std::string &test_value) {
  return R"(global @g : i32
global @vg : i32
func @f(%1:i32 "flag") -> void !"t.c":1:6 {
bb0:
  jmp bb2
bb1:
  %3:i32 "i" = add %2, 1:i32 !4:6
  jmp bb2
bb2:
  %2:i32 "i" = phi [0:i32, bb0], [%3, bb1]
  )" + test_value + R"(
  br ne %4, 0:i32, bb1, bb3 !3:10
bb3:
  ret !5:1
}
)";
}

} // namespace

TEST(InfiniteLoop, TestOfAValueTheLoopKeeps) {
  auto found = loops_found(counting_while("%4:i32 = copy %1 !3:10"));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].loc.line, 3u);
  EXPECT_EQ(found[0].cwe, 835);
  std::vector<std::string> texts;
  for (const PathEvent &e : found[0].events)
    texts.push_back(plain_text(e.text));
  ASSERT_GE(texts.size(), 4u);
  EXPECT_EQ(texts.front(), "infinite loop here");
  EXPECT_EQ(texts[1], "when 'flag != 0': always following 'true' branch...");
  EXPECT_EQ(texts[texts.size() - 2], "looping back...");
  EXPECT_EQ(texts.back(), "...to here");
}

TEST(InfiniteLoop, TestOfTheCounterEnds) {
  EXPECT_TRUE(loops_found(counting_while("%4:i32 = lt %2, %1 !3:10")).empty());
}

// A global nothing in the loop writes stays as it is; a volatile one may
// change at any time.
TEST(InfiniteLoop, GlobalReadAgainIsTheSame) {
  EXPECT_EQ(loops_found(counting_while("%4:i32 = load @g !3:10")).size(), 1u);
  EXPECT_TRUE(loops_found(counting_while("%4:i32 = load volatile @vg !3:10")).empty());
}

// A loop that writes a global does something another function sees.
TEST(InfiniteLoop, WritingAGlobalIsSeen) {
  std::string text = counting_while("%4:i32 = copy %1 !3:10");
  text.replace(text.find("  jmp bb2\nbb2:"), 0, "  store @g, %3 !4:6\n");
  EXPECT_TRUE(loops_found(text).empty());
}

// "added = 0; while (added == 0 && p[0]) {...} while (added != 0);": each
// edge of the way round some path takes, but no path takes them all (the
// outer loop goes round only when the inner one set 'added').
TEST(InfiniteLoop, WayRoundNoPathTakes) {
  const char *text = R"(declare @foo
declare @bar
func @f(%1:ptr "p") -> void !"t.c":1:6 {
bb0:
  jmp bb1
bb1:
  %2:i64 "added" = copy 0:i64 !3:11
  jmp bb4
bb2:
  %3:ptr "start" = call @foo() !5:20
  br lt %3, %1, bb3, bb4 !6:7
bb3:
  %4:i64 "added" = call @bar() !7:15
  jmp bb4
bb4:
  %5:i64 "added" = phi [%2, bb1], [%5, bb2], [%4, bb3]
  br eq %5, 0:i64, bb5, bb6 !4:25
bb5:
  %6:i8 = load *%1 !4:45
  br ne %6, 0:i8, bb2, bb6 !4:25
bb6:
  br ne %5, 0:i64, bb1, bb7 !9:16
bb7:
  ret !10:1
}
)";
  EXPECT_TRUE(loops_found(text).empty());
}
