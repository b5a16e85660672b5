// Unit tests of the project facts store: its text, merging, the facts a
// module proves and gives, and the engine's account of a function's returns.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "analysis/engine.h"
#include "analysis/facts.h"

using namespace pathwise;
using namespace pathwise::ir;

namespace {

TEST(Facts, TextReadsBack) {
  ProjectFacts facts;
  facts["fatal"].never_returns = true;
  facts["xmalloc"].returns_nonnull = true;
  facts["plain"];
  const std::string text = facts_text(facts);
  EXPECT_EQ(text, "pathwise-facts 1\nfunction fatal noreturn\nfunction plain\nfunction xmalloc nonnull\n");
  ProjectFacts back;
  std::string error;
  ASSERT_TRUE(read_facts_text(text, back, error)) << error;
  EXPECT_EQ(back, facts);
}

TEST(Facts, BadTextNamesItsLineAndLeavesTheFactsAlone) {
  ProjectFacts facts;
  facts["kept"].never_returns = true;
  std::string error;
  EXPECT_FALSE(read_facts_text("something else\n", facts, error));
  EXPECT_NE(error.find("line 1"), std::string::npos);
  EXPECT_FALSE(read_facts_text("pathwise-facts 1\nfunction a noreturn\nfunction b sometimes\n", facts, error));
  EXPECT_NE(error.find("line 3"), std::string::npos);
  EXPECT_NE(error.find("sometimes"), std::string::npos);
  EXPECT_FALSE(read_facts_text("pathwise-facts 1\nglobal g\n", facts, error));
  EXPECT_FALSE(read_facts_text("", facts, error));
  ASSERT_EQ(facts.size(), 1u); // (nothing of a bad text was taken)
  EXPECT_TRUE(facts["kept"].never_returns);
}

TEST(Facts, TwoDefinitionsOfOneNameKeepWhatBothSay) {
  // Two programs of one project, each with its own "out_of_memory".
  ProjectFacts facts;
  std::string error;
  ASSERT_TRUE(read_facts_text("pathwise-facts 1\nfunction die noreturn\nfunction get nonnull\n", facts, error));
  ASSERT_TRUE(read_facts_text("pathwise-facts 1\nfunction die\nfunction get nonnull\nfunction only noreturn\n",
                              facts, error));
  EXPECT_FALSE(facts["die"].never_returns);
  EXPECT_TRUE(facts["get"].returns_nonnull);
  EXPECT_TRUE(facts["only"].never_returns);
}

TEST(Facts, StoreWritesOneFileAUnitAndReadsThemAll) {
  namespace fs = std::filesystem;
  char tmpl[] = "/tmp/pathwise-facts-test-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  const std::string dir = std::string(tmpl) + "/store";
  std::vector<std::string> problems;
  EXPECT_TRUE(read_facts_store(dir, problems).empty()); // (no store yet: nothing known)
  EXPECT_TRUE(problems.empty());
  ProjectFacts a, b;
  a["fatal"].never_returns = true;
  b["xmalloc"].returns_nonnull = true;
  std::string error;
  ASSERT_TRUE(write_facts_store(dir, "/src/one/util.c", a, error)) << error;
  ASSERT_TRUE(write_facts_store(dir, "/src/two/util.c", b, error)) << error; // (same base name, another unit)
  a["fatal"].never_returns = false;
  ASSERT_TRUE(write_facts_store(dir, "/src/one/util.c", a, error)) << error; // (replaced)
  size_t files = 0;
  for (const auto &e : fs::directory_iterator(dir))
    files += e.path().extension() == ".facts";
  EXPECT_EQ(files, 2u);
  std::ofstream(dir + "/broken.facts") << "not facts\n";
  ProjectFacts all = read_facts_store(dir, problems);
  EXPECT_FALSE(all["fatal"].never_returns);
  EXPECT_TRUE(all["xmalloc"].returns_nonnull);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("broken.facts"), std::string::npos);
  fs::remove_all(tmpl);
}

const char *kUnit = R"(declare @exit noreturn library
declare @malloc library
declare @fatal
declare @xmalloc
declare @puts library
func @dies(%1:i32 "code") -> void {
bb0:
  call @exit(%1)
  unreachable
}
func static @helper() -> void {
bb0:
  call @exit(1:i32)
  unreachable
}
func @get(%1:i64 "n") -> ptr {
bb0:
  %2:ptr "p" = call @malloc(%1)
  ret %2
}
func @count() -> i32 {
bb0:
  ret 0:i32
}
)";

TEST(Facts, ApplyGivesDeclaredFunctionsTheirFacts) {
  Module m = parse_module(kUnit);
  ProjectFacts facts;
  facts["fatal"].never_returns = true;
  facts["xmalloc"].returns_nonnull = true;
  facts["puts"].never_returns = true; // (the C library's: not the project's to say)
  facts["dies"].returns_nonnull = true; // (defined here: its body says)
  EXPECT_EQ(apply_facts(m, facts), 2u);
  EXPECT_TRUE(m.symbols[static_cast<size_t>(m.find_symbol("fatal"))].is_noreturn);
  EXPECT_TRUE(m.symbols[static_cast<size_t>(m.find_symbol("xmalloc"))].returns_nonnull);
  EXPECT_FALSE(m.symbols[static_cast<size_t>(m.find_symbol("puts"))].is_noreturn);
  EXPECT_FALSE(m.symbols[static_cast<size_t>(m.find_symbol("dies"))].returns_nonnull);
}

TEST(Facts, UnitFactsListTheExportedFunctions) {
  Module m = parse_module(kUnit);
  std::vector<ProvenOutcome> proven(m.functions.size());
  proven[0].never_returns = true;   // dies
  proven[1].never_returns = true;   // helper (static: not told)
  proven[2].returns_nonnull = true; // get
  proven[3].returns_nonnull = true; // count (no pointer: not told)
  const ProjectFacts facts = unit_facts(m, proven);
  EXPECT_EQ(facts_text(facts), "pathwise-facts 1\nfunction count\nfunction dies noreturn\nfunction get nonnull\n");
}

TEST(Facts, OnlyFunctionsThatMayProveAFactAreWorthAFactsOnlyAnalysis) {
  Module m = parse_module(R"(declare @exit noreturn library
declare @work
func @wrapper(%1:i32 "c") -> void {
bb0:
  br ne %1, 0:i32, bb1, bb2
bb1:
  call @exit(%1)
  unreachable
bb2:
  ret
}
func @plain() -> i32 {
bb0:
  call @work()
  ret 0:i32
}
func @name() -> ptr {
bb0:
  ret "x"
}
func static @hidden() -> ptr {
bb0:
  ret "y"
}
func @dies() -> void {
bb0:
  call @exit(1:i32)
  unreachable
}
)");
  const std::vector<bool> never_returns{false, false, false, false, true};
  EXPECT_EQ(may_prove_facts(m, never_returns, {}), (std::vector<bool>{true, false, true, false, false}));
  // (A call of a function that may end the path: "fatal () { report (1, ...); }".)
  EXPECT_EQ(may_prove_facts(m, {false, false, false, false, false}, {false, false, false, false, false}),
            (std::vector<bool>{true, false, true, false, true}));
  Module caller = parse_module(R"(declare @exit noreturn library
func static @report(%1:i32 "fatal") -> void {
bb0:
  br ne %1, 0:i32, bb1, bb2
bb1:
  call @exit(%1)
  unreachable
bb2:
  ret
}
func @fatal() -> void {
bb0:
  call @report(1:i32)
  ret
}
)");
  EXPECT_EQ(may_prove_facts(caller, {false, false}, {true, false}), (std::vector<bool>{false, true}));
  EXPECT_EQ(may_prove_facts(caller, {false, false}, {false, false}), (std::vector<bool>{false, false}));
}

// The engine's account of a function's own returns.
FunctionResult returns_of(const std::string &text) {
  Module m = parse_module(text);
  Engine e(m, {});
  return e.analyze(0);
}

TEST(Facts, EngineCountsReturnsNotProvenNonNull) {
  FunctionResult checked = returns_of(R"(declare @malloc library
declare @abort noreturn library
func @xmalloc(%1:i64 "n") -> ptr {
bb0:
  %2:ptr "p" = call @malloc(%1) !3:13
  br eq %2, null, bb1, bb2 !4:6
bb1:
  call @abort() !4:12
  unreachable
bb2:
  ret %2 !5:3
}
)");
  EXPECT_EQ(checked.returns, 1u);
  EXPECT_EQ(checked.returns_maybe_null, 0u);
  FunctionResult unchecked = returns_of(R"(declare @malloc library
func @get(%1:i64 "n") -> ptr {
bb0:
  %2:ptr "p" = call @malloc(%1) !3:13
  ret %2 !4:3
}
)");
  EXPECT_EQ(unchecked.returns, 1u);
  EXPECT_EQ(unchecked.returns_maybe_null, 1u);
}

} // namespace
