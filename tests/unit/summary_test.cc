// Unit tests of the module summaries, on IR written as text.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/summary.h"
#include "checkers/checker.h"

using namespace pathwise;
using namespace pathwise::ir;

namespace {

ModuleSummary summarize(const Module &m) {
  static const auto checkers = make_checkers();
  return ModuleSummary(m, checkers, 4);
}

uint32_t symbol(const Module &m, const char *name) { return static_cast<uint32_t>(m.find_symbol(name)); }

TEST(Summary, GlobalsNoCodeChangesAreStable) {
  Module m = parse_module(R"(global @never_written : i32 static complete init(""=1)
global @written : i32 static complete init(""=1)
global @addressed : i32 static addressed complete
global @escapes : i32 static complete
global @exported : i32
global @limit : i32 const
func @f(%1:i32 "v") -> ptr {
bb0:
  %2:i32 = load @never_written
  %3:i32 = load @limit
  store @written, %1
  %4:ptr = addr @escapes
  ret %4
}
)");
  ModuleSummary s = summarize(m);
  EXPECT_TRUE(s.stable[symbol(m, "never_written")]);
  EXPECT_TRUE(s.stable[symbol(m, "limit")]);     // const: whatever the code does
  EXPECT_FALSE(s.stable[symbol(m, "written")]);  // stored to
  EXPECT_FALSE(s.stable[symbol(m, "addressed")]); // its address is taken somewhere
  EXPECT_FALSE(s.stable[symbol(m, "escapes")]);  // ...here
  EXPECT_FALSE(s.stable[symbol(m, "exported")]); // code elsewhere may write it
}

TEST(Summary, ConstantResultThroughCopiesAndPhis) {
  Module m = parse_module(R"(func static @one() -> i32 {
bb0:
  %1:i32 = copy 1:i32
  ret %1
}
func static @same(%1:i32 "c") -> i32 {
bb0:
  br ne %1, 0:i32, bb1, bb2
bb1:
  jmp bb2
bb2:
  %2:i32 = phi [7:i32, bb0], [7:i32, bb1]
  ret %2
}
func static @differs(%1:i32 "c") -> i32 {
bb0:
  br ne %1, 0:i32, bb1, bb2
bb1:
  ret 1:i32
bb2:
  ret 0:i32
}
func static @param(%1:i32 "c") -> i32 {
bb0:
  ret %1
}
)");
  ModuleSummary s = summarize(m);
  ASSERT_EQ(s.constant_return.size(), 4u);
  EXPECT_TRUE(s.constant_return[0].first);
  EXPECT_EQ(s.constant_return[0].second, 1);
  EXPECT_TRUE(s.constant_return[1].first);
  EXPECT_EQ(s.constant_return[1].second, 7);
  EXPECT_FALSE(s.constant_return[2].first);
  EXPECT_FALSE(s.constant_return[3].first);
}

// A function every return of which gives a never-NULL call's result (also
// through a wrapper, a copy or a phi) or an address never returns NULL; one
// that may give an allocator's result, or NULL, may.
TEST(Summary, ReturnsNonnullThroughWrappers) {
  Module m = parse_module(R"(declare @xmalloc returns_nonnull library
declare @malloc library malloc
global @fallback : i32 static
func static @made() -> ptr {
bb0:
  %1:ptr = call @xmalloc(16:u64)
  ret %1
}
func static @either(%1:i32 "k") -> ptr {
bb0:
  br ne %1, 0:i32, bb1, bb2
bb1:
  %2:ptr = call @made()
  jmp bb3
bb2:
  %3:ptr = addr @fallback
  jmp bb3
bb3:
  %4:ptr = phi [%2, bb1], [%3, bb2]
  ret %4
}
func static @raw() -> ptr {
bb0:
  %1:ptr = call @malloc(16:u64)
  ret %1
}
func static @maybe(%1:i32 "k") -> ptr {
bb0:
  br ne %1, 0:i32, bb1, bb2
bb1:
  %2:ptr = call @made()
  ret %2
bb2:
  ret null
}
)");
  ModuleSummary s = summarize(m);
  ASSERT_EQ(s.returns_nonnull.size(), 4u);
  EXPECT_TRUE(s.returns_nonnull[0]);
  EXPECT_TRUE(s.returns_nonnull[1]);
  EXPECT_FALSE(s.returns_nonnull[2]);
  EXPECT_FALSE(s.returns_nonnull[3]);
}

// A value a test found NULL only on a side that never returns ("if (f ==
// NULL) fail (...);") is not NULL at a return the test dominates; a return
// the test does not guard may give NULL.
TEST(Summary, ReturnsNonnullPastAFailingCheck) {
  Module m = parse_module(R"(declare @make
declare @fail noreturn
func static @checked() -> ptr {
bb0:
  %1:ptr = call @make()
  br eq %1, null, bb1, bb2
bb1:
  call @fail()
  unreachable
bb2:
  %2:ptr = copy %1
  ret %2
}
func static @early(%1:i32 "k") -> ptr {
bb0:
  %2:ptr = call @make()
  br ne %1, 0:i32, bb1, bb2
bb1:
  ret %2
bb2:
  br eq %2, null, bb3, bb4
bb3:
  call @fail()
  unreachable
bb4:
  ret %2
}
func static @returns_on_null() -> ptr {
bb0:
  %1:ptr = call @make()
  br eq %1, null, bb1, bb2
bb1:
  ret null
bb2:
  ret %1
}
)");
  ModuleSummary s = summarize(m);
  ASSERT_EQ(s.returns_nonnull.size(), 3u);
  EXPECT_TRUE(s.returns_nonnull[0]);
  EXPECT_FALSE(s.returns_nonnull[1]);
  EXPECT_FALSE(s.returns_nonnull[2]);
}

TEST(Summary, GlobalAttributesRoundTripThroughText) {
  const char *text = "global @g : i32 static addressed complete init(\"\"=3)\n";
  Module m = parse_module(text);
  const Symbol &g = m.symbols[symbol(m, "g")];
  EXPECT_TRUE(g.is_static);
  EXPECT_TRUE(g.address_taken);
  EXPECT_TRUE(g.init_complete);
  ASSERT_EQ(g.constant_table.size(), 1u);
  EXPECT_EQ(print_module(m), text);
}

// Functions whose result only their arguments decide: reading through a
// pointer argument (at an offset too), a stable global and a string, and
// calling strcmp, a noreturn function and each other qualify; following a
// pointer read from memory, reading a global code writes, storing outside
// the frame or calling unknown code does not.
TEST(Summary, ReadsArgumentsOnly) {
  Module m = parse_module(R"(global @limit : i32 const
global @mode : i32 static
declare @strcmp pure library readonly(1,2)
declare @__assert_fail noreturn void library
declare @getenv library
func static @first(%1:ptr "s") -> i32 {
bb0:
  br ne %1, null, bb2, bb1
bb1:
  call @__assert_fail("s")
  unreachable
bb2:
  %2:ptr = ptradd %1, 1:i64
  %3:i8 = load *%2
  %4:i32 = load @limit
  %5:i32 = call @strcmp(%1, "-")
  %6:i32 = call @second(%2)
  ret %6
}
func static @second(%1:ptr "s") -> i32 {
bb0:
  %2:i32 = call @first(%1)
  ret %2
}
func static @follows(%1:ptr "o") -> i32 {
bb0:
  %2:ptr = load *%1
  %3:i32 = call @strcmp(%2, "-")
  ret %3
}
func static @global(%1:ptr "s") -> i32 {
bb0:
  %2:i32 = load @mode
  ret %2
}
func static @stores(%1:ptr "s") -> i32 {
bb0:
  store *%1, 0:i8
  ret 0:i32
}
func static @unknown(%1:ptr "s") -> i32 {
bb0:
  %2:ptr = call @getenv(%1)
  ret 0:i32
}
func static @calls_unknown(%1:ptr "s") -> i32 {
bb0:
  %2:i32 = call @unknown(%1)
  ret %2
}
func @set(%1:i32 "v") -> void {
bb0:
  store @mode, %1
  ret
}
)");
  ModuleSummary s = summarize(m);
  ASSERT_EQ(s.reads_args_only.size(), 8u);
  EXPECT_TRUE(s.reads_args_only[0]);  // first
  EXPECT_TRUE(s.reads_args_only[1]);  // second (calls first, which calls it)
  EXPECT_FALSE(s.reads_args_only[2]); // follows a pointer it loaded
  EXPECT_FALSE(s.reads_args_only[3]); // reads a global set changes
  EXPECT_FALSE(s.reads_args_only[4]); // stores through its argument
  EXPECT_FALSE(s.reads_args_only[5]); // calls code without a body
  EXPECT_FALSE(s.reads_args_only[6]); // ...through a function of the module
  EXPECT_FALSE(s.reads_args_only[7]); // returns nothing
}

} // namespace

// a (p) calls b (p), b (p) calls a (p): one group; c (p) calls a (p + 8),
// passing on something else, and d calls no one: in none.
TEST(Summary, RecursionGroupsPassOnParameters) {
  Module m = parse_module(R"(func @a(%1:ptr "p") -> void {
bb0:
  call @b(%1)
  ret
}
func @b(%1:ptr "p") -> void {
bb0:
  call @a(%1)
  call @c(%1)
  ret
}
func @c(%1:ptr "p") -> void {
bb0:
  %2:ptr = ptradd %1, 8:i64
  call @a(%2)
  ret
}
func @d() -> void {
bb0:
  ret
}
)");
  ModuleSummary s = summarize(m);
  ASSERT_EQ(s.recursion_group.size(), 4u);
  EXPECT_GE(s.recursion_group[0], 0);
  EXPECT_EQ(s.recursion_group[0], s.recursion_group[1]);
  EXPECT_EQ(s.recursion_group[2], -1); // (its call to a changes the argument)
  EXPECT_EQ(s.recursion_group[3], -1);
}

TEST(Summary, NeverReturnsThroughAConstantThatDecidesTheCalleesWay) {
  // "fatal () { report (1); }" where report exits only when its flag is
  // set; "warn () { report (0); }" returns.
  Module m = parse_module(R"(declare @exit noreturn library
func static @report(%1:i32 "fatal") -> void {
bb0:
  br ne %1, 0:i32, bb1, bb2
bb1:
  call @exit(2:i32)
  unreachable
bb2:
  ret
}
func @fatal() -> void {
bb0:
  call @report(1:i32)
  ret
}
func @warn() -> void {
bb0:
  call @report(0:i32)
  ret
}
func @later() -> void {
bb0:
  call @fatal()
  ret
}
)");
  ModuleSummary s = summarize(m);
  EXPECT_FALSE(s.never_returns[0]);
  EXPECT_TRUE(s.may_end_path[0]);
  EXPECT_TRUE(s.never_returns[1]);
  EXPECT_FALSE(s.never_returns[2]);
  EXPECT_TRUE(s.never_returns[3]); // (through fatal)
}

// Pointer parameters a body leaves as they were: read through, handed to
// readers and to functions that leave theirs; not written through (at any
// offset), stored, or handed to code without a body.
TEST(Summary, LeavesParametersItOnlyReadsThrough) {
  Module m = parse_module(R"(declare @strlen pure library readonly(1)
declare @keep library
declare @free library
func @reads(%1:ptr "sc", %2:i32 "n") -> i32 {
bb0:
  %3:ptr = copy %1
  %4:i32 = load *%3.flags@0
  %5:ptr = load *%1.wp0@8
  store *%5.ictx@8, null
  %6:i64 = call @strlen(%1)
  %7:i32 = call @passes(%1)
  ret %4
}
func static @passes(%1:ptr "p") -> i32 {
bb0:
  %2:i32 = call @reads(%1, 0:i32)
  ret %2
}
func @writes(%1:ptr "sc") -> void {
bb0:
  %2:ptr = addr *%1.flags@4
  store *%2, 0:i32
  ret
}
func @stores(%1:ptr "sc", %2:ptr "to") -> void {
bb0:
  store *%2, %1
  ret
}
func @hands(%1:ptr "sc") -> void {
bb0:
  call @keep(%1)
  ret
}
func @frees(%1:ptr "sc") -> void {
bb0:
  %2:ptr = ptradd %1, 0:i64
  call @free(%2)
  ret
}
func @through(%1:ptr "sc") -> void {
bb0:
  call @writes(%1)
  ret
}
)");
  ModuleSummary s = summarize(m);
  ASSERT_EQ(s.leaves_param.size(), 7u);
  EXPECT_TRUE(s.leaves_param[0][0]);  // reads: only reads sc's object (writes what sc->wp0 points to)
  EXPECT_FALSE(s.leaves_param[0][1]); // ...n is no pointer
  EXPECT_TRUE(s.leaves_param[1][0]);  // passes: hands p to reads, which leaves it
  EXPECT_FALSE(s.leaves_param[2][0]); // writes: through a field's address
  EXPECT_FALSE(s.leaves_param[3][0]); // stores: keeps sc in memory
  EXPECT_FALSE(s.leaves_param[3][1]); // ...and writes through to
  EXPECT_FALSE(s.leaves_param[4][0]); // hands: to code without a body
  EXPECT_FALSE(s.leaves_param[5][0]); // frees: free is no reader
  EXPECT_FALSE(s.leaves_param[6][0]); // through: a callee writes
}
