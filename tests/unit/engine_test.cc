// Unit tests of the engine and the malloc checker, on IR written as text.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/engine.h"
#include "analysis/signal.h"

using namespace pathwise;
using namespace pathwise::ir;

namespace {

struct Analysis {
  Module module;
  FunctionResult result;
};

Analysis analyze(const std::string &text, EngineOptions opts = {}) {
  Analysis r{parse_module(text), {}};
  Engine e(r.module, opts);
  r.result = e.analyze(0);
  return r;
}

std::vector<std::string> events(const Finding &f) {
  std::vector<std::string> out;
  for (const PathEvent &e : f.events)
    out.push_back(std::to_string(e.loc.line) + ": " + plain_text(e.text));
  return out;
}

const char *kDoubleFree = R"(func @f(%1:i64 "n") -> void !"t.c":2:1 {
bb0:
  %2:ptr "p" = call @malloc(%1) !4:13
  br eq %2, null, bb1, bb2 !5:6
bb1:
  ret !6:5
bb2:
  call @free(%2) !7:3
  call @free(%2) !8:3
  ret !9:1
}
)";

// "if (FIRST) p = malloc (10); work (); if (SECOND) free (p);" over the
// parameters %1 and %2: p leaks unless FIRST implies SECOND.
std::string guarded_alloc_then_free(const std::string &first, const std::string &second) {
  return R"(func @f(%1:i32 "a", %2:i32 "b") -> void {
bb0:
  br )" + first + R"(, bb1, bb2 !2:3
bb1:
  %3:ptr "p" = call @malloc(10:i64) !3:5
  jmp bb2
bb2:
  %4:ptr "p" = phi [null, bb0], [%3, bb1]
  call @work() !4:3
  br )" + second + R"(, bb3, bb4 !5:3
bb3:
  call @free(%4) !6:5
  jmp bb4
bb4:
  ret !7:1
}
)";
}

} // namespace

TEST(MallocChecker, DoubleFreeHasNumberedPath) {
  Analysis r = analyze(kDoubleFree);
  ASSERT_EQ(r.result.findings.size(), 1u);
  const Finding &f = r.result.findings[0];
  EXPECT_EQ(f.warning, "double-free");
  EXPECT_EQ(f.cwe, 415);
  EXPECT_EQ(plain_text(f.message), "double-'free' of 'p'");
  EXPECT_EQ(f.loc.line, 8u);
  EXPECT_EQ(events(f), (std::vector<std::string>{
                           "4: allocated here",
                           "5: assuming 'p' is non-NULL",
                           "5: following 'false' branch (when 'p' is non-NULL)...",
                           "7: ...to here",
                           "7: first 'free' here",
                           "8: second 'free' here; first 'free' was at (5)",
                       }));
}

TEST(MallocChecker, DisabledWarningIsNotReported) {
  EngineOptions o;
  o.disabled.insert("double-free");
  Analysis r = analyze(kDoubleFree, o);
  EXPECT_TRUE(r.result.findings.empty());
}

TEST(MallocChecker, FreeThroughCopyIsSameValue) {
  Analysis r = analyze(R"(func @f() -> void {
bb0:
  %1:ptr "p" = call @malloc(8:i64) !3:3
  %2:ptr "q" = copy %1 !4:3
  call @free(%1) !5:3
  call @free(%2) !6:3
  ret !7:1
}
)");
  ASSERT_EQ(r.result.findings.size(), 1u);
  EXPECT_EQ(plain_text(r.result.findings[0].message), "double-'free' of 'q'");
}

TEST(MallocChecker, FreeOfNullOnOneBranchIsFine) {
  // if (p == NULL) free (p); free (p);  -- on the NULL path both frees do nothing.
  Analysis r = analyze(R"(func @f() -> void {
bb0:
  %1:ptr "p" = call @malloc(8:i64) !3:3
  br eq %1, null, bb1, bb2 !4:3
bb1:
  call @free(%1) !5:5
  call @free(%1) !6:5
  ret !7:1
bb2:
  call @free(%1) !8:3
  ret !9:1
}
)");
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
}

TEST(MallocChecker, UseAfterFreeNamesThePointer) {
  Analysis r = analyze(R"(func @u() -> void {
bb0:
  %1:ptr "q" = call @malloc(10:i64) !25:12
  call @free(%1) !26:3
  store *%1, 1:i32 !27:6
  ret !28:1
}
)");
  ASSERT_EQ(r.result.findings.size(), 1u);
  const Finding &f = r.result.findings[0];
  EXPECT_EQ(f.warning, "use-after-free");
  EXPECT_EQ(f.cwe, 416);
  EXPECT_EQ(events(f), (std::vector<std::string>{"25: allocated here", "26: freed here",
                                                 "27: use after 'free' of 'q'; freed at (2)"}));
}

TEST(MallocChecker, LeakOnEarlyReturnIsReportedAtTheReturn) {
  Analysis r = analyze(R"(func @h(%1:i32 "c") -> void {
bb0:
  %2:ptr "q" = call @malloc(10:i64) !18:13
  br ne %1, 0:i32, bb1, bb2 !19:6
bb1:
  ret !20:5
bb2:
  call @free(%2) !21:3
  ret !22:1
}
)");
  ASSERT_EQ(r.result.findings.size(), 1u);
  const Finding &f = r.result.findings[0];
  EXPECT_EQ(f.warning, "malloc-leak");
  EXPECT_EQ(plain_text(f.message), "leak of 'q'");
  EXPECT_EQ(f.loc.line, 20u);
  EXPECT_EQ(events(f), (std::vector<std::string>{"18: allocated here",
                                                 "19: following 'true' branch (when 'c != 0')...",
                                                 "20: ...to here", "20: 'q' leaks here; was allocated at (1)"}));
}

TEST(MallocChecker, OverwrittenPointerLeaksWhereOverwritten) {
  Analysis r = analyze(R"(func @g() -> void {
bb0:
  %1:ptr "p" = call @malloc(10:i64) !12:13
  %2:ptr "p" = call @malloc(20:i64) !13:7
  call @free(%2) !14:3
  ret !15:1
}
)");
  ASSERT_EQ(r.result.findings.size(), 1u);
  EXPECT_EQ(r.result.findings[0].loc.line, 13u);
}

TEST(MallocChecker, NullResultIsNotALeak) {
  Analysis r = analyze(R"(func @f() -> void {
bb0:
  %1:ptr "p" = call @malloc(10:i64) !3:3
  br eq %1, null, bb1, bb2 !4:3
bb1:
  ret !5:5
bb2:
  call @free(%1) !6:3
  ret !7:1
}
)");
  EXPECT_TRUE(r.result.findings.empty());
}

TEST(MallocChecker, ReturnedOrEscapedPointerIsNotALeak) {
  Analysis r = analyze(R"(global @g : ptr
func @f(%1:i32 "c") -> ptr {
bb0:
  %2:ptr "p" = call @malloc(10:i64) !3:3
  %3:ptr "q" = call @malloc(10:i64) !4:3
  %4:ptr "r" = call @malloc(10:i64) !5:3
  store @g, %3 !6:3
  call @keep(%4) !7:3
  ret %2 !8:3
}
)");
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
}

TEST(MallocChecker, PointerKeptInLocalMemoryLeaksAtScopeEnd) {
  Analysis r = analyze(R"(func @f() -> void {
  local $p : ptr
bb0:
  %1:ptr = call @malloc(10:i64) !3:13
  store $p, %1 !3:9
  %2:ptr = load $p !4:3
  clobber $p !5:1
  ret !6:1
}
)");
  ASSERT_EQ(r.result.findings.size(), 1u);
  EXPECT_EQ(r.result.findings[0].loc.line, 5u);
  EXPECT_EQ(plain_text(r.result.findings[0].message), "leak of 'p'");
}

TEST(Engine, InfeasiblePathIsNotExplored) {
  // if (a) p = malloc; ... if (a) free (p);  -- no leak
  Analysis r = analyze(guarded_alloc_then_free("ne %1, 0:i32", "ne %1, 0:i32"));
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
}

TEST(Engine, LoopTerminatesWithFewNodes) {
  Analysis r = analyze(R"(func @f(%1:i32 "n") -> void {
bb0:
  jmp bb1
bb1:
  %2:i32 "i" = phi [0:i32, bb0], [%4, bb2]
  br lt %2, %1, bb2, bb3 !3:3
bb2:
  %3:ptr "p" = call @malloc(8:i64) !4:5
  call @free(%3) !5:5
  %4:i32 "i" = add %2, 1:i32
  jmp bb1
bb3:
  ret !6:1
}
)");
  EXPECT_TRUE(r.result.findings.empty());
  EXPECT_FALSE(r.result.too_complex);
  EXPECT_LT(r.result.nodes, 20u);
}

TEST(Engine, RangeFromOneBranchDecidesAnother) {
  // if (a > 10) p = malloc; ...; if (a >= 11) free (p);  -- no leak
  Analysis r = analyze(guarded_alloc_then_free("gt %1, 10:i32", "ge %1, 11:i32"));
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
}

TEST(Engine, RangeThatDoesNotCoverIsALeak) {
  // if (a > 10) p = malloc; ...; if (a > 20) free (p);  -- leaks for 11..20
  Analysis r = analyze(guarded_alloc_then_free("gt %1, 10:i32", "gt %1, 20:i32"));
  ASSERT_EQ(r.result.findings.size(), 1u);
  EXPECT_EQ(r.result.findings[0].warning, "malloc-leak");
}

TEST(Engine, ComparisonKeptInATemporaryDecidesTheBranch) {
  // ok = p != NULL; if (ok == 0) return; free (p);  -- p is not NULL after
  Analysis r = analyze(R"(func @f() -> void {
bb0:
  %1:ptr "p" = call @malloc(10:i64) !2:3
  %2:u8 "ok" = ne %1, null !3:3
  %3:i32 = conv %2
  br eq %3, 0:i32, bb1, bb2 !4:3
bb1:
  ret !5:5
bb2:
  call @free(%1) !6:3
  ret !7:1
}
)");
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
}

TEST(Engine, ConstantIsWidenedOnlyAroundALoop) {
  // Three paths reach the loop head from outside with i = 0; the loop must
  // still be entered (i <= 3 holds), so p is freed and does not leak.
  Analysis r = analyze(R"(func @f(%1:i32 "a", %2:i32 "b") -> void {
bb0:
  %3:ptr "p" = call @malloc(10:i64) !2:3
  br ne %1, 0:i32, bb1, bb2 !3:3
bb1:
  call @work() !4:3
  jmp bb2
bb2:
  br ne %2, 0:i32, bb3, bb4 !5:3
bb3:
  call @work() !6:3
  jmp bb4
bb4:
  jmp bb6
bb5:
  call @free(%3) !8:5
  %5:i32 "i" = add %4, 1:i32
  jmp bb6
bb6:
  %4:i32 "i" = phi [0:i32, bb4], [%5, bb5]
  br le %4, 0:i32, bb5, bb7 !7:3
bb7:
  call @use(%1, %2) !9:1
  ret !9:1
}
)");
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
}

TEST(Engine, RelationBetweenTwoUnknownsDecidesALaterBranch) {
  // if (a < b) p = malloc; ...; if (b > a) free (p);  -- no leak
  Analysis r = analyze(guarded_alloc_then_free("lt %1, %2", "gt %2, %1"));
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
  // ...but a <= b does not imply b > a.
  Analysis r2 = analyze(guarded_alloc_then_free("le %1, %2", "gt %2, %1"));
  EXPECT_EQ(r2.result.findings.size(), 1u);
}

TEST(Engine, BudgetStopsCleanly) {
  EngineOptions o;
  o.max_nodes = 2;
  Analysis r = analyze(kDoubleFree, o);
  EXPECT_TRUE(r.result.too_complex);
  EXPECT_NE(r.result.too_complex_reason.find("2 nodes"), std::string::npos);
}

TEST(Engine, HugeFunctionIsSkippedCleanly) {
  EngineOptions o;
  o.max_liveness_bits = 8; // 3 blocks x 2 temporaries (+1) is more
  Analysis r = analyze(kDoubleFree, o);
  EXPECT_TRUE(r.result.too_complex);
  EXPECT_TRUE(r.result.findings.empty());
  EXPECT_NE(r.result.too_complex_reason.find("3 blocks"), std::string::npos) << r.result.too_complex_reason;
}

TEST(Engine, InvalidIrIsAnInternalErrorNotACrash) {
  Module m = parse_module("func @f() -> void {\nbb0:\n  jmp bb7\n}\n");
  Engine e(m, {});
  EXPECT_THROW(e.analyze(0), InternalError);
}

TEST(Engine, WarningNamesAreSorted) {
  auto names = Engine::warning_names();
  EXPECT_EQ(names, (std::vector<std::string>{"allocation-size", "deref-before-check", "div-by-zero", "double-fclose", "double-free",
                                             "exposure-through-output-file", "exposure-through-uninit-copy", "fd-access-mode-mismatch", "fd-double-close", "fd-leak",
                                             "fd-phase-mismatch", "fd-type-mismatch", "fd-use-after-close", "fd-use-without-check", "file-leak",
                                             "file-use-after-close", "free-of-non-heap", "imprecise-fp-arithmetic", "infinite-loop", "infinite-recursion", "jump-through-null", "malloc-leak",
                                             "mismatching-deallocation", "mkostemp-redundant-flags", "mktemp-missing-placeholder",
                                             "mktemp-of-string-literal", "null-argument", "null-dereference",
                                             "out-of-bounds", "overlapping-buffers", "possible-null-argument",
                                             "possible-null-dereference", "putenv-of-auto-var", "shift-count-negative",
                                             "shift-count-overflow", "stack-address-escape", "stale-setjmp-buffer", "tainted-allocation-size",
                                             "tainted-array-index", "tainted-assertion", "tainted-command", "tainted-divisor",
                                             "tainted-format-string", "tainted-offset", "tainted-size",
                                             "undefined-behavior-ptrdiff", "undefined-behavior-strtok", "unsafe-call-within-signal-handler", "use-after-free",
                                             "use-of-pointer-in-stale-stack-frame", "use-of-uninitialized-value", "va-arg-type-mismatch",
                                             "va-list-exhausted", "va-list-leak", "va-list-use-after-va-end",
                                             "write-to-const", "write-to-string-literal"}));
}

// release (p) frees its argument; use (p) calls it twice.
const char *kReleaseTwice = R"(func @use(%1:ptr "ptr") -> void !"t.c":10:6 {
bb0:
  call @release(%1) !12:3
  call @release(%1) !13:3
  ret !14:1
}
func static @release(%1:ptr "victim") -> void !"t.c":2:13 {
bb0:
  call @free(%1) !4:3
  ret !5:1
}
)";

TEST(EngineCalls, DoubleFreeAcrossCallsHasFramesInThePath) {
  Analysis r = analyze(kReleaseTwice);
  ASSERT_EQ(r.result.findings.size(), 1u);
  const Finding &f = r.result.findings[0];
  EXPECT_EQ(plain_text(f.message), "double-'free' of 'victim'");
  EXPECT_EQ(f.function, 1u); // reported in release
  EXPECT_EQ(events(f), (std::vector<std::string>{
                           "10: entry to 'use'", "12: calling 'release' from 'use'", "2: entry to 'release'",
                           "4: first 'free' here", "12: returning to 'use' from 'release'",
                           "13: passing freed pointer 'ptr' in call to 'release' from 'use'", "2: entry to 'release'",
                           "4: second 'free' here; first 'free' was at (4)"}));
  std::vector<int> depths;
  for (const PathEvent &e : f.events)
    depths.push_back(e.depth);
  EXPECT_EQ(depths, (std::vector<int>{1, 1, 2, 2, 1, 1, 2, 2}));
  EXPECT_EQ(r.result.entered, (std::vector<uint32_t>{1}));
}

TEST(EngineCalls, DepthOneKeepsCallsOpaque) {
  EngineOptions o;
  o.max_call_depth = 1;
  Analysis r = analyze(kReleaseTwice, o);
  EXPECT_TRUE(r.result.findings.empty());
  EXPECT_TRUE(r.result.entered.empty());
}

TEST(EngineCalls, RecursionIsFollowedOneLevel) {
  // f (p) { free (p); f (p); }: the engine follows the recursive call once
  // (finding the double free), then leaves it opaque, so it ends.
  Analysis r = analyze(R"(func @f(%1:ptr "p") -> void {
bb0:
  call @free(%1) !2:3
  call @f(%1) !3:3
  ret !4:1
}
)");
  ASSERT_EQ(r.result.findings.size(), 1u);
  EXPECT_EQ(plain_text(r.result.findings[0].message), "double-'free' of 'p'");
  EXPECT_FALSE(r.result.too_complex);
  // A third frame of f is never made: depth 4 would allow it.
  for (const PathEvent &e : r.result.findings[0].events)
    EXPECT_LE(e.depth, 2);
}

TEST(EngineCalls, CalleeNotUsingItsResultLeaksInTheCallee) {
  Analysis r = analyze(R"(func @caller() -> void !"t.c":10:6 {
bb0:
  call @make() !11:3
  ret !12:1
}
func @make() -> ptr !"t.c":2:7 {
bb0:
  %1:ptr "result" = call @malloc(8:i64) !3:18
  ret %1 !4:3
}
)");
  ASSERT_EQ(r.result.findings.size(), 1u);
  EXPECT_EQ(plain_text(r.result.findings[0].message), "leak of 'result'");
  EXPECT_EQ(r.result.findings[0].loc.line, 4u);
  // ...but one that keeps it does not leak there.
  Analysis r2 = analyze(R"(func @caller() -> ptr !"t.c":10:6 {
bb0:
  %1:ptr = call @make() !11:3
  ret %1 !12:1
}
func @make() -> ptr !"t.c":2:7 {
bb0:
  %1:ptr "result" = call @malloc(8:i64) !3:18
  ret %1 !4:3
}
)");
  EXPECT_TRUE(r2.result.findings.empty()) << format_finding(r2.module, r2.result.findings[0]);
}

TEST(EngineCalls, StaticFunctionsOnlyCalledAreNotEntries) {
  Module m = parse_module(std::string(kReleaseTwice) + R"(func static @unused() -> void {
bb0:
  ret
}
func static @taken() -> void {
bb0:
  ret
}
func @g() -> ptr {
bb0:
  %1:ptr = copy @taken
  ret %1
}
)");
  EXPECT_EQ(Engine::is_entry(m), (std::vector<bool>{true, false, true, true, true}));
}

TEST(Findings, DeduplicateKeepsTheShortestPath) {
  Finding a, b, c;
  a.warning = b.warning = c.warning = "double-free";
  a.message = b.message = c.message = "m";
  a.loc.line = b.loc.line = 3;
  c.loc.line = 4;
  a.events.resize(3);
  b.events.resize(2);
  std::vector<Finding> v{a, b, c};
  deduplicate(v);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].events.size(), 2u);
  EXPECT_EQ(v[1].loc.line, 4u);
}

// Eight independent diamonds whose values stay live: 2^8 combinations for
// the full analysis to generalize, fewer states for a coarse one.
std::string diamonds(int k) {
  std::string params, uses, body = "bb0:\n  jmp bb1\n";
  int b = 1;
  for (int i = 0; i < k; ++i) {
    const std::string p = std::to_string(i + 1), x = std::to_string(k + 1 + i);
    params += (i ? ", %" : "%") + p + ":i32";
    uses += (i ? ", %" : "%") + x;
    body += "bb" + std::to_string(b) + ":\n  br ne %" + p + ", 0:i32, bb" + std::to_string(b + 1) + ", bb" +
            std::to_string(b + 2) + "\n";
    body += "bb" + std::to_string(b + 1) + ":\n  jmp bb" + std::to_string(b + 2) + "\n";
    body += "bb" + std::to_string(b + 2) + ":\n  %" + x + ":i32 = phi [1:i32, bb" + std::to_string(b + 1) +
            "], [0:i32, bb" + std::to_string(b) + "]\n  jmp bb" + std::to_string(b + 3) + "\n";
    b += 3;
  }
  body += "bb" + std::to_string(b) + ":\n  call @use(" + uses + ")\n  ret\n";
  return "func @f(" + params + ") -> void {\n" + body + "}\n";
}

TEST(Engine, OverBudgetFunctionIsFinishedCoarsely) {
  // The full analysis needs more than 300 nodes; the coarse retry (half the
  // budget) fits, so the function is finished.
  EngineOptions o;
  o.max_nodes = 300;
  Analysis r = analyze(diamonds(8), o);
  EXPECT_FALSE(r.result.too_complex) << r.result.too_complex_reason;
  EXPECT_GT(r.result.nodes, 300u); // both attempts counted
  // With too small a budget for either, it stops cleanly as before.
  o.max_nodes = 100;
  Analysis r2 = analyze(diamonds(8), o);
  EXPECT_TRUE(r2.result.too_complex);
}

TEST(Engine, GraphMemoryBudgetBoundsTheAnalysis) {
  // The states' memory counts as well as their number: a budget below what
  // the exploration needs stops it (and the coarse retry, on half of it)
  // within the budget.
  Analysis full = analyze(diamonds(8));
  ASSERT_FALSE(full.result.too_complex) << full.result.too_complex_reason;
  ASSERT_GT(full.result.graph_bytes, 0u);
  EngineOptions o;
  o.max_graph_bytes = full.result.graph_bytes / 4;
  Analysis r = analyze(diamonds(8), o);
  EXPECT_TRUE(r.result.too_complex);
  EXPECT_NE(r.result.too_complex_reason.find("exploded graph's states exceeded"), std::string::npos)
      << r.result.too_complex_reason;
  EXPECT_LE(r.result.graph_bytes, o.max_graph_bytes);
  EXPECT_LT(r.result.nodes, full.result.nodes);
}

TEST(EngineAttributes, ReturnsNonnullAllocatorNeedsNoCheck) {
  const std::string body = R"(func @f() -> void {
bb0:
  %1:ptr "p" = call @xmalloc(4:i64) !3:12
  store *%1, 1:i32 !4:6
  call @free(%1) !5:3
  ret !6:1
}
)";
  // The C library's allocator may fail; one so declared may not, nor one
  // of the program's own declared only malloc (gnulib's xmalloc).
  Analysis plain = analyze("declare @xmalloc malloc library\n" + body);
  ASSERT_EQ(plain.result.findings.size(), 1u);
  EXPECT_EQ(plain.result.findings[0].warning, "possible-null-dereference");
  Analysis nonnull = analyze("declare @xmalloc malloc returns_nonnull library\n" + body);
  EXPECT_TRUE(nonnull.result.findings.empty()) << format_finding(nonnull.module, nonnull.result.findings[0]);
  Analysis own = analyze("declare @xmalloc malloc\n" + body);
  EXPECT_TRUE(own.result.findings.empty()) << format_finding(own.module, own.result.findings[0]);
}

TEST(EngineAttributes, FormattedArgumentIsNotKept) {
  const std::string body = R"(func @f() -> void {
bb0:
  %1:ptr "p" = call @malloc(4:i64) !3:12
  call @logf(1:i32, "%p", %1) !4:3
  ret !5:1
}
)";
  Analysis plain = analyze(body);
  EXPECT_TRUE(plain.result.findings.empty()) << "an unknown function may keep p";
  Analysis formatted = analyze("declare @logf format(printf,2,3)\n" + body);
  ASSERT_EQ(formatted.result.findings.size(), 1u);
  EXPECT_EQ(plain_text(formatted.result.findings[0].message), "leak of 'p'");
  // An argument before the format is not covered by it.
  Analysis before = analyze("declare @logf format(printf,2,3)\n" + std::string(R"(func @f() -> void {
bb0:
  %1:ptr "p" = call @malloc(4:i64) !3:12
  call @logf(%1, "%d", 1:i32) !4:3
  ret !5:1
}
)"));
  EXPECT_TRUE(before.result.findings.empty()) << format_finding(before.module, before.result.findings[0]);
}

TEST(EngineLibc, AsprintfAllocatesOnlyWhenItSucceeds) {
  // if (asprintf (&s, "x") < 0) return; puts (s); -- s leaks after puts,
  // not on the failure path.
  Analysis r = analyze(R"(func @f() -> void {
  local $s : ptr
bb0:
  %1:i32 = call @asprintf(&$s, "x") !3:7
  br lt %1, 0:i32, bb1, bb2 !3:6
bb1:
  ret !4:5
bb2:
  %2:ptr = load $s !5:3
  call @puts(%2) !5:3
  clobber $s !6:1
  ret !6:1
}
)");
  ASSERT_EQ(r.result.findings.size(), 1u) << format_finding(r.module, r.result.findings[0]);
  EXPECT_EQ(r.result.findings[0].loc.line, 6u);
  EXPECT_EQ(plain_text(r.result.findings[0].message), "leak of 's'");
}

namespace {
// "p = malloc (8); if (is_error (0)) return; free (p);" with is_error a
// one-block predicate: stepped into, 0 is not an error, nothing leaks.
const char *kTinyPredicate = R"(func static @is_error(%1:u64 "code") -> u32 {
bb0:
  %2:u1 = gt %1, -20:u64 !2:10
  %3:u32 = conv %2 !2:10
  ret %3 !2:3
}
func @f() -> void !"t.c":4:1 {
bb0:
  %1:ptr "p" = call @malloc(8:u64) !5:13
  %2:u32 = call @is_error(0:u64) !6:7
  br ne %2, 0:u32, bb1, bb2 !6:6
bb1:
  ret !7:5
bb2:
  call @free(%1) !8:3
  ret !9:1
}
)";
} // namespace

TEST(EngineCalls, TinyPredicatesAreSteppedIntoAfterTheCalleeBudget) {
  EngineOptions o;
  o.max_callee_nodes = 0; // the budget for callees is spent from the start
  Analysis r{parse_module(kTinyPredicate), {}};
  Engine e(r.module, o);
  r.result = e.analyze(1);
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
}

TEST(EngineCalls, StructArgumentsSurviveGeneralization) {
  // A struct's fields reach the callee that frees them even where states
  // are generalized at once (every state past the first).
  const char *text = R"(func static @release(%1:rec16 "r") -> void {
  local $r : rec16 param
bb0:
  store $r, %1
  %2:ptr = load $r.a@0 !3:8
  call @free(%2) !3:3
  %3:ptr = load $r.b@8 !4:8
  call @free(%3) !4:3
  ret !5:1
}
func @f(%1:i32 "c") -> void !"t.c":6:1 {
  local $s : rec16
bb0:
  %2:ptr "p" = call @malloc(8:u64) !7:9
  store $s.a@0, %2 !7:7
  store $s.b@8, null !8:7
  br ne %1, 0:i32, bb1, bb2 !9:6
bb1:
  %4:ptr "q" = call @malloc(8:u64) !10:11
  store $s.b@8, %4 !10:9
  jmp bb2
bb2:
  %3:rec16 = load $s !11:3
  call @release(%3) !11:3
  clobber $s
  ret !12:1
}
)";
  EngineOptions o;
  o.max_states_per_block = 1;
  Analysis r{parse_module(text), {}};
  Engine e(r.module, o);
  r.result = e.analyze(1);
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
}

// A struct copied out of a constant table brings the entries under it
// (".32.0"), not those whose offset merely starts with the same digits
// (".320" is another field): the copy's first field is the table's NULL.
TEST(EngineMemory, StructCopiedFromAConstantTableTakesOnlyItsOwnFields) {
  const char *text = R"(global @tab : rec400 const init(".32.0"=0, ".320"=7, ".3208"=9)
func @f() -> i32 !"t.c":1:5 {
bb0:
  %1:ptr "p" = call @malloc(16:u64) !2:9
  br eq %1, null, bb2, bb1 !3:6
bb1:
  %2:rec16 = load @tab.s@32 !4:8
  store *%1, %2 !4:6
  %3:ptr "q" = load *%1.a@0 !5:8
  %4:i32 = load *%3 !6:10
  call @free(%1) !7:3
  ret %4 !8:3
bb2:
  ret 0:i32 !9:3
}
)";
  Analysis r{parse_module(text), {}};
  Engine e(r.module, {});
  r.result = e.analyze(0);
  ASSERT_EQ(r.result.findings.size(), 1u);
  EXPECT_EQ(r.result.findings[0].warning, "null-dereference");
  EXPECT_EQ(r.result.findings[0].loc.line, 6u);
}

// A handler registered with signal() that reaches a C library function
// POSIX does not list (printf) through a function of its own; write and a
// function of the program's own declared elsewhere are not reported.
TEST(SignalHandlers, UnsafeCallThroughACalleeIsReportedOnce) {
  const char *text = R"(declare @printf library
declare @write library
declare @signal library
declare @elsewhere
func @log(%1:ptr "msg") -> void !"t.c":1:6 {
bb0:
  call @printf(%1) !2:3
  call @write(2:i32, %1, 1:i64) !3:3
  call @elsewhere() !4:3
  ret !5:1
}
func @handler(%1:i32 "sig") -> void !"t.c":6:13 {
bb0:
  call @log("x") !7:3
  call @log("y") !8:3
  ret !9:1
}
func @main() -> i32 !"t.c":10:5 {
bb0:
  call @signal(2:i32, @handler) !11:3
  call @printf("not in a handler") !12:3
  ret 0:i32 !13:1
}
)";
  Module m = parse_module(text);
  Engine e(m, {});
  std::vector<Finding> f = e.module_findings();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].warning, "unsafe-call-within-signal-handler");
  EXPECT_EQ(f[0].cwe, 479);
  EXPECT_EQ(plain_text(f[0].message), "call to 'printf' from within signal handler");
  EXPECT_EQ(f[0].loc.line, 2u);
  EXPECT_EQ(events(f[0]), (std::vector<std::string>{"11: registering 'handler' as signal handler",
                                                     "0: later on, when the signal is delivered to the process",
                                                     "6: entry to 'handler'", "7: calling 'log' from 'handler'",
                                                     "1: entry to 'log'", "2: call to 'printf' from within signal handler"}));
  EngineOptions off;
  off.disabled.insert("unsafe-call-within-signal-handler");
  Engine quiet(m, off);
  EXPECT_TRUE(quiet.module_findings().empty());
  EXPECT_TRUE(is_async_signal_safe("__builtin_memcpy"));
  EXPECT_FALSE(is_async_signal_safe("fprintf"));
}

// What read () puts in a buffer is attacker-controlled, and so is what is
// computed from it, until comparisons bound it on both sides.
TEST(Taint, ArithmeticOnInputIsTaintedUntilBounded) {
  const char *text = R"(declare @read library
func @f(%1:ptr "table") -> i8 !"t.c":1:1 {
  local $v : i32 !2:7
bb0:
  %2:i64 = call @read(0:i32, &$v, 4:u64) !2:3
  %3:i32 "d" = load $v !3:11
  %4:i32 "i" = add %3, 1:i32 !3:7
  %5:i8 = load *%1[%4] !4:10
  ret %5 !4:3
}
func @g(%1:ptr "table") -> i8 !"t.c":5:1 {
  local $v : i32 !6:7
bb0:
  %2:i64 = call @read(0:i32, &$v, 4:u64) !6:3
  %3:i32 "d" = load $v !7:11
  br lt %3, 0:i32, bb1, bb2 !7:6
bb1:
  ret 0:i8 !7:15
bb2:
  br gt %3, 15:i32, bb1, bb3 !8:6
bb3:
  %4:i8 = load *%1[%3] !9:10
  ret %4 !9:3
}
)";
  Module m = parse_module(text);
  Engine e(m, {});
  FunctionResult f = e.analyze(0);
  ASSERT_EQ(f.findings.size(), 1u);
  EXPECT_EQ(f.findings[0].warning, "tainted-array-index");
  EXPECT_EQ(plain_text(f.findings[0].message),
            "use of attacker-controlled value 'i' in array lookup without bounds checking");
  EXPECT_TRUE(e.analyze(1).findings.empty());
}

// A variable never set, through a phi, is reported where it is used; so
// is an element of a local array nothing wrote, but not one that was.
TEST(Uninit, VariableThroughPhiAndUnwrittenElement) {
  const char *text = R"(func @f(%1:i32 "flag") -> i32 !"t.c":1:1 {
bb0:
  br ne %1, 0:i32, bb1, bb2 !2:6
bb1:
  jmp bb2
bb2:
  %2:i32 "x" = phi [undef("x"), bb0], [5:i32, bb1]
  %3:i32 = add %2, 1:i32 !4:12
  ret %3 !4:3
}
func @g() -> i32 !"t.c":5:1 {
  local $a : arr16 !6:7
bb0:
  store $a[0:i64], 1:i32 !7:8
  %1:i32 = load $a[0:i64] !8:10
  %2:i32 = load $a[1:i64] !8:17
  %3:i32 = add %1, %2 !8:12
  ret %3 !8:3
}
)";
  Module m = parse_module(text);
  Engine e(m, {});
  FunctionResult f = e.analyze(0);
  ASSERT_EQ(f.findings.size(), 1u);
  EXPECT_EQ(f.findings[0].warning, "use-of-uninitialized-value");
  EXPECT_EQ(plain_text(f.findings[0].message), "use of uninitialized value 'x'");
  EXPECT_EQ(f.findings[0].loc.line, 4u);
  FunctionResult g = e.analyze(1);
  ASSERT_EQ(g.findings.size(), 1u);
  EXPECT_EQ(plain_text(g.findings[0].message), "use of uninitialized value 'a[1]'");
}

// A switch's default edge excludes its case ranges: a later test for a
// value inside one is false there.
TEST(Engine, SwitchDefaultExcludesCaseRanges) {
  const char *text = R"(declare @__analyzer_eval
func @f(%1:i32 "cmd") -> void !"t.c":1:1 {
bb0:
  switch %1, bb2 [30..50: bb1, 70..80: bb1] !2:3
bb1:
  ret !3:5
bb2:
  %2:u1 = eq %1, 42:i32 !4:20
  %3:i32 = conv %2 !4:3
  call @__analyzer_eval(%3) !4:3
  ret !5:1
}
)";
  Module m = parse_module(text);
  Engine e(m, {});
  FunctionResult f = e.analyze(0);
  ASSERT_EQ(f.findings.size(), 1u);
  EXPECT_EQ(f.findings[0].message, "FALSE");
}

namespace {

// "if (a == 0) { p = malloc; if (n == K) free (p); }" with n = a + 1:
// p leaks unless K is 1.
std::string sum_then_test(int k) {
  return R"(func @f(%1:i32 "a") -> void {
bb0:
  %2:i32 "n" = add %1, 1:i32 !2:3
  br eq %1, 0:i32, bb1, bb4 !3:3
bb1:
  %3:ptr "p" = call @malloc(10:i64) !4:5
  br eq %2, )" + std::to_string(k) + R"(:i32, bb2, bb3 !5:5
bb2:
  call @free(%3) !6:7
  ret !7:1
bb3:
  ret !8:1
bb4:
  ret !9:1
}
)";
}

} // namespace

TEST(Engine, SumOfAValueKeepsWhatIsKnownOfIt) {
  Analysis ok = analyze(sum_then_test(1));
  EXPECT_TRUE(ok.result.findings.empty()) << format_finding(ok.module, ok.result.findings[0]);
  Analysis bad = analyze(sum_then_test(2));
  ASSERT_EQ(bad.result.findings.size(), 1u);
  EXPECT_EQ(bad.result.findings[0].warning, "malloc-leak");
}

TEST(Engine, RangeTestIsTakenBackToTheTestedValue) {
  // if ((unsigned) (i - 5) > 14) return; p = malloc; if (i >= 5) free (p);
  // -- i is in [5, 19] past the test: no leak. With "i >= 6" it leaks.
  auto text = [](int bound) {
    return R"(func @g(%1:i32 "i") -> void {
bb0:
  %2:u32 = conv %1
  %3:u32 = add %2, 4294967291:u32
  br gt %3, 14:u32, bb1, bb2 !2:3
bb1:
  ret !3:5
bb2:
  %4:ptr "p" = call @malloc(10:i64) !4:3
  br ge %1, )" + std::to_string(bound) + R"(:i32, bb3, bb4 !5:3
bb3:
  call @free(%4) !6:5
  ret !7:1
bb4:
  ret !8:1
}
)";
  };
  Analysis ok = analyze(text(5));
  EXPECT_TRUE(ok.result.findings.empty()) << format_finding(ok.module, ok.result.findings[0]);
  Analysis bad = analyze(text(6));
  ASSERT_EQ(bad.result.findings.size(), 1u);
  EXPECT_EQ(bad.result.findings[0].warning, "malloc-leak");
}

// open()'s access mode, as the code's own constants define it (O_RDONLY
// is 0x10 here): a write on a read-only descriptor is reported, on a
// read-write one not.
TEST(Fd, AccessModeFromNamedConstants) {
  auto text = [](int flags) {
    return "constant O_ACCMODE = 240\n"
           "constant O_RDONLY = 16\n"
           "constant O_WRONLY = 32\n"
           "constant O_RDWR = 64\n"
           R"(func @f(%1:ptr "path", %2:ptr "buf") -> void {
bb0:
  %3:i32 "fd" = call @open(%1, )" + std::to_string(flags) + R"(:i32) !2:12
  br lt %3, 0:i32, bb1, bb2 !3:3
bb1:
  ret !4:5
bb2:
  call @write(%3, %2, 1:i64) !5:3
  call @close(%3) !6:3
  ret !7:1
}
)";
  };
  Analysis bad = analyze(text(16 | 512));
  ASSERT_EQ(bad.result.findings.size(), 1u);
  const Finding &f = bad.result.findings[0];
  EXPECT_EQ(f.warning, "fd-access-mode-mismatch");
  EXPECT_EQ(plain_text(f.message), "'write' on read-only file descriptor 'fd'");
  EXPECT_EQ(events(f).front(), "2: opened here as read-only");
  EXPECT_TRUE(analyze(text(64)).result.findings.empty());
  // (Linux's values are not this code's: 1 is no mode it knows.)
  EXPECT_TRUE(analyze(text(1)).result.findings.empty());
}

// dup2's result is the number its caller chose: used unchecked it is
// reported, lost it is no leak; a constant closed twice is a double close,
// -1 closed twice is not.
TEST(Fd, Dup2ResultAndClosedConstants) {
  Analysis r = analyze(R"(func @f(%1:i32 "fd", %2:ptr "buf") -> void {
bb0:
  %3:i32 "fd2" = call @dup2(%1, 3:i32) !2:13
  call @read(%3, %2, 1:i64) !3:3
  call @close(0:i32) !4:3
  call @close(0:i32) !5:3
  call @close(-1:i32) !6:3
  call @close(-1:i32) !7:3
  ret !8:1
}
)");
  std::vector<std::string> got;
  for (const Finding &f : r.result.findings)
    got.push_back(std::to_string(f.loc.line) + " " + f.warning);
  EXPECT_EQ(got, (std::vector<std::string>{"3 fd-use-without-check", "5 fd-double-close"}));
}

// Closing a number lets the next open reuse it: closed, then open, then
// used is no use after close.
TEST(Fd, OpenReusesClosedNumbers) {
  Analysis r = analyze(R"(func @f(%1:ptr "path", %2:ptr "buf") -> void {
bb0:
  call @close(0:i32) !2:3
  %3:i32 "fd" = call @open(%1, 2:i32) !3:12
  call @read(0:i32, %2, 1:i64) !4:3
  ret !5:1
}
)");
  for (const Finding &f : r.result.findings)
    EXPECT_NE(f.warning, "fd-use-after-close") << format_finding(r.module, f);
}

// pipe (fds): when it fails the array is as it was (uninitialized here);
// when it succeeds it holds two descriptors to close.
TEST(Fd, PipeSucceedsOrFails) {
  auto text = [](bool check, bool close) {
    return std::string(R"(func @f() -> void {
  local $fds : arr8 !2:7
bb0:
  %1:i32 = call @pipe(&$fds) !3:7
)") + (check ? "  br eq %1, -1:i32, bb1, bb2 !3:6\n" : "  jmp bb2\n") +
           R"(bb1:
  clobber $fds
  ret !4:5
bb2:
)" + (close ? R"(  %2:i32 = load $fds[0:i32] !5:3
  call @close(%2) !5:3
  %3:i32 = load $fds[1:i32] !6:3
  call @close(%3) !6:3
)"
                : "") +
           "  clobber $fds\n  ret !7:1\n}\n";
  };
  Analysis leak = analyze(text(true, false));
  std::vector<std::string> got;
  for (const Finding &f : leak.result.findings)
    got.push_back(plain_text(f.message));
  EXPECT_EQ(got, (std::vector<std::string>{"leak of file descriptor 'fds[0]'", "leak of file descriptor 'fds[1]'"}));
  ASSERT_FALSE(leak.result.findings.empty());
  EXPECT_EQ(events(leak.result.findings[0]),
            (std::vector<std::string>{"3: when 'pipe' succeeds", "3: opened here as read-write", "7: 'fds[0]' leaks here"}));
  EXPECT_TRUE(analyze(text(true, true)).result.findings.empty());
  Analysis unchecked = analyze(text(false, true));
  ASSERT_FALSE(unchecked.result.findings.empty());
  EXPECT_EQ(plain_text(unchecked.result.findings[0].message), "use of uninitialized value 'fds[0]'");
  EXPECT_EQ(events(unchecked.result.findings[0])[1], "3: when 'pipe' fails");
}

// "return buf;" for a local array, which the compiler made "return NULL;":
// the caller's dereference is of NULL, and the path says why.
TEST(Engine, NulledReturnIsToldAsTheLocalsAddress) {
  Analysis r = analyze(R"(func @use() -> i32 !"t.c":8:5 {
bb0:
  %1:ptr "p" = call @name() !10:13
  %2:i8 = load *%1 !11:10
  %3:i32 = conv %2 !11:10
  ret %3 !11:10
}
func @name() -> ptr nulled(6:"buf") !"t.c":2:7 {
bb0:
  ret null !6:10
}
)");
  ASSERT_EQ(r.result.findings.size(), 1u);
  const Finding &f = r.result.findings[0];
  EXPECT_EQ(f.warning, "null-dereference");
  EXPECT_EQ(events(f).front(),
            "10: 'p' is NULL ('name' returns the address of its local 'buf', which the compiler turns into NULL)");
}

// va_arg walks the unnamed arguments of the call that the path stepped
// into: their values, one more than passed is reported, and so is a
// va_start never ended.
TEST(Varargs, ArgumentsOfTheCallAreWalked) {
  auto text = [](const std::string &args, bool end) {
    return R"(func @main() -> i32 !"t.c":1:5 {
bb0:
  %1:i32 = call @take(0:i32)" + args + R"() !2:10
  %2:i32 = div 10:i32, %1 !3:10
  ret %2 !3:3
}
func static variadic @take(%1:i32 "n") -> i32 !"t.c":5:12 end !11:1 {
  local $ap : arr24 !6:11
bb0:
  call @__builtin_va_start(&$ap, 0:i32) !7:3
  %2:i32 "a" = call @__builtin_va_arg(&$ap, "int") !8:11
  %3:i32 "b" = call @__builtin_va_arg(&$ap, "int") !9:11
)" + (end ? "  call @__builtin_va_end(&$ap) !10:3\n" : "") +
           R"(  %4:i32 = add %2, %3 !10:10
  clobber $ap
  ret %4 !10:3
}
)";
  };
  auto warnings = [](const Analysis &r) {
    std::vector<std::string> out;
    for (const Finding &f : r.result.findings)
      out.push_back(std::to_string(f.loc.line) + " " + plain_text(f.message));
    return out;
  };
  EXPECT_EQ(warnings(analyze(text(", 1:i32, 2:i32", true))), std::vector<std::string>{});
  EXPECT_EQ(warnings(analyze(text(", 1:i32", true))),
            (std::vector<std::string>{"9 'ap' has no more arguments (1 consumed)"}));
  EXPECT_EQ(warnings(analyze(text(", 1:i32, null", true))),
            (std::vector<std::string>{"9 'va_arg' expected 'int' but received 'void *' for variadic argument 2 of 'ap'"}));
  Analysis leak = analyze(text(", 1:i32, 2:i32", false));
  ASSERT_EQ(leak.result.findings.size(), 1u);
  EXPECT_EQ(leak.result.findings[0].warning, "va-list-leak");
  EXPECT_EQ(leak.result.findings[0].loc.line, 11u);
  // (Numbered as shown: after the entries, and referred back to.)
  EXPECT_EQ(events(leak.result.findings[0]),
            (std::vector<std::string>{"1: entry to 'main'", "2: calling 'take' from 'main'", "5: entry to 'take'",
                                      "7: 'va_start' called here",
                                      "11: missing call to 'va_end' to match 'va_start' at (4)"}));
}

// A place read at an index the path does not fix, read again with nothing
// written since, gives the same value (State::vague_reads): the second
// test of line[i] goes the way the first did.
constexpr const char *kSameReadTwice = R"(func @f(%1:ptr "line", %2:i64 "i") -> void {
bb0:
  %3:ptr = ptradd %1, %2 !2:3
  %4:i8 = load *%3 !2:3
  br eq %4, 0:i8, bb1, bb2 !2:3
bb1:
  ret !3:3
bb2:
  %5:ptr "p" = call @malloc(8:i64) !4:3
  %6:ptr = ptradd %1, %2 !5:3
  %7:i8 = load *%6 !5:3
  br eq %7, 0:i8, bb3, bb4 !5:3
bb3:
  ret !6:3
bb4:
  call @free(%5) !7:3
  ret !8:1
}
)";

TEST(VagueReads, SameIndexReadAgainIsSameValue) {
  Analysis r = analyze(kSameReadTwice);
  EXPECT_TRUE(r.result.findings.empty());
}

TEST(VagueReads, WriteInBetweenForgetsTheRead) {
  std::string ir = kSameReadTwice;
  const std::string second = "  %6:ptr = ptradd %1, %2 !5:3\n";
  ir.replace(ir.find(second), 0, "  store *%1, 0:i8 !5:3\n");
  Analysis r = analyze(ir);
  ASSERT_EQ(r.result.findings.size(), 1u);
  EXPECT_EQ(r.result.findings[0].warning, "malloc-leak");
}

// "a->arg != a->direct" learned before the realloc that frees a->arg
// stays with the value a generalization keeps as it was (memory this
// point saw unchanged): the later "a->arg == a->direct" is false, and the
// copy out of the old buffer never runs.
TEST(EngineGeneralize, RelationOfValueKeptAsItWasStays) {
  const char *text = R"(func @f(%1:ptr "a", %2:i32 "c") -> void !"t.c":1:1 {
  local $k : i32
bb0:
  br ne %2, 0:i32, bb1, bb2 !2:3
bb1:
  store $k, 1:i32 !3:5
  jmp bb3
bb2:
  store $k, 2:i32 !4:5
  jmp bb3
bb3:
  %3:ptr = load *%1.arg@8 !5:7
  %4:ptr = addr *%1.direct@16 !5:7
  br ne %3, %4, bb4, bb8 !5:3
bb4:
  %5:ptr = load *%1.arg@8 !6:18
  %6:ptr "memory" = call @realloc(%5, 64:u64) !6:10
  br eq %6, null, bb8, bb5 !7:3
bb5:
  %7:ptr = load *%1.arg@8 !8:7
  %8:ptr = addr *%1.direct@16 !8:7
  br eq %7, %8, bb6, bb7 !8:3
bb6:
  %9:ptr = load *%1.arg@8 !9:20
  call @memcpy(%6, %9, 8:u64) !9:5
  jmp bb7
bb7:
  store *%1.arg@8, %6 !10:3
  jmp bb8
bb8:
  ret !11:1
}
)";
  EngineOptions o;
  o.max_states_per_block = 1;
  Analysis r = analyze(text, o);
  EXPECT_TRUE(r.result.findings.empty()) << format_finding(r.module, r.result.findings[0]);
}
