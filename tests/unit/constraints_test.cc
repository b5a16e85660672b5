// Unit tests of the constraints: ranges, exclusions, relations and the
// values derived from another with a constant.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/constraints.h"

using namespace pathwise;
using namespace pathwise::detail;

namespace {

// The constraints alone: no checker tracks anything.
class Facts : public Constraints {
public:
  Facts() : Constraints(table) {}
  bool distinct_storage(const State &, SvalId, SvalId) const override { return false; }
  SvalTable table;
  State s;
  SvalId param(int k) { return table.get(SK::Param, k); }
  SvalId num(int64_t c) { return table.get(SK::Const, c); }
};

TEST(Constraints, RangesNarrowAndContradict) {
  Facts f;
  const SvalId n = f.param(0);
  EXPECT_TRUE(f.assume(f.s, n, OpName::Gt, f.num(10)));
  EXPECT_EQ(f.compare(f.s, n, OpName::Ge, f.num(11)), Tri::True);
  EXPECT_EQ(f.compare(f.s, n, OpName::Lt, f.num(20)), Tri::Unknown);
  EXPECT_FALSE(f.assume(f.s, n, OpName::Le, f.num(10)));
}

TEST(Constraints, ExcludedEndsMoveARange) {
  // "not 0", "not 1", then "in [0, 1]": impossible.
  Facts f;
  const SvalId v = f.param(0);
  ASSERT_TRUE(f.assume(f.s, v, OpName::Ne, f.num(0)));
  ASSERT_TRUE(f.assume(f.s, v, OpName::Ne, f.num(1)));
  State copy = f.s;
  EXPECT_TRUE(f.assume(copy, v, OpName::Ge, f.num(0)));
  EXPECT_FALSE(f.assume(copy, v, OpName::Le, f.num(1)));
  // A switch default's "not in [30, 50]", then "in [30, 50]".
  State other = f.s;
  ASSERT_TRUE(f.assume_not_in(other, v, 30, 50));
  EXPECT_TRUE(Constraints::excluded_range(other, v, 30, 50));
  EXPECT_TRUE(f.assume(other, v, OpName::Ge, f.num(30)));
  EXPECT_FALSE(f.assume(other, v, OpName::Le, f.num(50)));
}

TEST(Constraints, SumFollowsItsBase) {
  Facts f;
  const SvalId i = f.param(0);
  const int64_t i32 = plus_type(32, true);
  const SvalId n = f.plus_value(i, 1, i32); // n = i + 1
  ASSERT_EQ(f.table[n].kind, SK::Plus);
  EXPECT_EQ(f.plus_value(n, -1, i32), i); // n - 1 is i again
  EXPECT_EQ(f.compare(f.s, n, OpName::Gt, i), Tri::True);
  // What is learned of n is learned of i, and the other way round.
  ASSERT_TRUE(f.assume(f.s, n, OpName::Gt, f.num(10)));
  EXPECT_EQ(f.compare(f.s, i, OpName::Ge, f.num(10)), Tri::True);
  ASSERT_TRUE(f.assume(f.s, i, OpName::Le, f.num(12)));
  int64_t lo, hi;
  f.range_of(f.s, n, lo, hi);
  EXPECT_EQ(lo, 11);
  EXPECT_EQ(hi, 13);
}

TEST(Constraints, UnsignedSumMayWrap) {
  // In 32 unsigned bits, x + 4294967291 is x - 5 only where x >= 5.
  Facts f;
  const SvalId x = f.param(0);
  const SvalId u = f.plus_value(x, 4294967291, plus_type(32, false));
  ASSERT_EQ(f.table[u].kind, SK::Plus);
  EXPECT_EQ(f.table[u].a, -5);
  EXPECT_EQ(f.compare(f.s, u, OpName::Le, f.num(14)), Tri::Unknown);
  ASSERT_TRUE(f.assume(f.s, x, OpName::Ge, f.num(5)));
  ASSERT_TRUE(f.assume(f.s, x, OpName::Le, f.num(100)));
  EXPECT_EQ(f.compare(f.s, u, OpName::Le, f.num(95)), Tri::True);
}

TEST(Constraints, DerivedByAConstantFollowsItsBase) {
  // blocks = length / 16, leftover = length & 15; then length >= 16.
  Facts f;
  const SvalId length = f.param(0);
  const SvalId blocks = f.table.get(SK::OpConst, 16, static_cast<int64_t>(OpName::Div), length);
  const SvalId leftover = f.table.get(SK::OpConst, 15, static_cast<int64_t>(OpName::And), length);
  EXPECT_EQ(f.compare(f.s, blocks, OpName::Eq, f.num(0)), Tri::Unknown);
  EXPECT_EQ(f.compare(f.s, leftover, OpName::Le, f.num(15)), Tri::True);
  ASSERT_TRUE(f.assume(f.s, length, OpName::Ge, f.num(16)));
  EXPECT_EQ(f.compare(f.s, blocks, OpName::Eq, f.num(0)), Tri::False);
}

TEST(Constraints, ExactProductTeachesItsFactor) {
  // size = n * 4 (exact: 64 bits); "size == 0" is "n == 0", "size < 9"
  // is "n <= 2", "size > -9" is "n >= -2", and "size == 7" cannot be.
  Facts f;
  const SvalId n = f.param(0);
  const SvalId size = f.table.get(SK::OpConst, 4, static_cast<int64_t>(OpName::Mul), n);
  State zero = f.s;
  ASSERT_TRUE(f.assume(zero, size, OpName::Eq, f.num(0)));
  EXPECT_EQ(f.compare(zero, n, OpName::Eq, f.num(0)), Tri::True);
  State below = f.s;
  ASSERT_TRUE(f.assume(below, size, OpName::Lt, f.num(9)));
  EXPECT_EQ(f.compare(below, n, OpName::Le, f.num(2)), Tri::True);
  EXPECT_EQ(f.compare(below, n, OpName::Le, f.num(1)), Tri::Unknown);
  State above = f.s;
  ASSERT_TRUE(f.assume(above, f.num(-9), OpName::Lt, size)); // (the constant on the left)
  EXPECT_EQ(f.compare(above, n, OpName::Ge, f.num(-2)), Tri::True);
  EXPECT_EQ(f.compare(above, n, OpName::Ge, f.num(-1)), Tri::Unknown);
  State odd = f.s;
  EXPECT_FALSE(f.assume(odd, size, OpName::Eq, f.num(7)));
  EXPECT_TRUE(f.assume(odd, size, OpName::Ne, f.num(7)));
}

TEST(Constraints, ComparisonValueIsZeroOrOne) {
  // t = (n == 1): 0 or 1 whatever n is ("close (type == PIPE_IN)" closes
  // a standard stream's number).
  Facts f;
  const SvalId n = f.param(0);
  const SvalId t = f.table.get(SK::Cmp, static_cast<int64_t>(OpName::Eq), f.num(1), n);
  EXPECT_EQ(f.compare(f.s, t, OpName::Ge, f.num(0)), Tri::True);
  EXPECT_EQ(f.compare(f.s, t, OpName::Le, f.num(1)), Tri::True);
  EXPECT_EQ(f.compare(f.s, t, OpName::Gt, f.num(1)), Tri::False);
  EXPECT_EQ(f.compare(f.s, t, OpName::Eq, f.num(1)), Tri::Unknown);
  EXPECT_EQ(f.compare(f.s, n, OpName::Ge, f.num(0)), Tri::Unknown);
}

TEST(Constraints, BitOperationsKeepOneForm) {
  // Masks go down to the value: "(x | 8) & 4" is "x & 4"; "~x & 4" is
  // "(x & 4) ^ 4"; "(x & ~16) & 4" is "x & 4"; "(x | 4) & 4" is 4.
  Facts f;
  const SvalId x = f.param(0);
  const SvalId bit = f.bits_value(x, OpName::And, 4, 32);
  ASSERT_NE(bit, 0u);
  EXPECT_EQ(f.bits_value(f.bits_value(x, OpName::Or, 8, 32), OpName::And, 4, 32), bit);
  EXPECT_EQ(f.bits_value(f.bits_value(x, OpName::And, ~int64_t{16}, 32), OpName::And, 4, 32), bit);
  EXPECT_EQ(f.bits_value(f.bits_value(x, OpName::Or, 4, 32), OpName::And, 4, 32), f.num(4));
  const SvalId flipped = f.bits_value(f.bits_value(x, OpName::Xor, -1, 32), OpName::And, 4, 32);
  EXPECT_EQ(flipped, f.table.get(SK::OpConst, 4, static_cast<int64_t>(OpName::Xor), bit));
  // Flipped twice: x again.
  EXPECT_EQ(f.bits_value(f.bits_value(x, OpName::Xor, 5, 32), OpName::Xor, 5, 32), x);
  // Not derived from a constant.
  EXPECT_EQ(f.bits_value(f.num(3), OpName::Or, 8, 32), 0u);
}

TEST(Constraints, BitTestsAgreeAcrossForms) {
  // Learned "x & 4 != 0": "~x & 4" is 0, and "x & 4 == 4".
  Facts f;
  const SvalId x = f.param(0);
  const SvalId bit = f.bits_value(x, OpName::And, 4, 32);
  ASSERT_TRUE(f.assume(f.s, bit, OpName::Ne, f.num(0)));
  const SvalId clear = f.bits_value(f.bits_value(x, OpName::Xor, -1, 32), OpName::And, 4, 32);
  EXPECT_EQ(f.compare(f.s, clear, OpName::Ne, f.num(0)), Tri::False);
  EXPECT_EQ(f.compare(f.s, bit, OpName::Eq, f.num(4)), Tri::True);
  // Another bit is still unknown; a mask has no bit outside it; a bit set
  // by | is never clear.
  EXPECT_EQ(f.compare(f.s, f.bits_value(x, OpName::And, 2, 32), OpName::Ne, f.num(0)), Tri::Unknown);
  EXPECT_EQ(f.compare(f.s, f.bits_value(x, OpName::And, 12, 32), OpName::Eq, f.num(2)), Tri::False);
  EXPECT_EQ(f.compare(f.s, f.bits_value(x, OpName::Or, 8, 32), OpName::Eq, f.num(0)), Tri::False);
  // Learned of the flipped form: "~y & 2 == 0" is "y & 2 != 0".
  const SvalId y = f.param(1);
  const SvalId yclear = f.bits_value(f.bits_value(y, OpName::Xor, -1, 32), OpName::And, 2, 32);
  ASSERT_TRUE(f.assume(f.s, yclear, OpName::Eq, f.num(0)));
  EXPECT_EQ(f.compare(f.s, f.bits_value(y, OpName::And, 2, 32), OpName::Ne, f.num(0)), Tri::True);
  EXPECT_FALSE(f.assume(f.s, f.bits_value(y, OpName::And, 2, 32), OpName::Eq, f.num(0)));
}

TEST(Constraints, UnsignedSumBelowABoundIsAWindow) {
  // x - 28 <= 1048548 in 32 unsigned bits (GCC's fold of "x >= 28 && x <=
  // 1048576"): x in [28, 1048576]; above the bound, x is outside.
  Facts f;
  const SvalId x = f.param(0);
  const SvalId sum = f.plus_value(x, -28, plus_type(32, false));
  SvalId base;
  int64_t lo, hi;
  ASSERT_TRUE(f.unsigned_window(sum, OpName::Le, 1048548, base, lo, hi));
  EXPECT_EQ(base, x);
  EXPECT_EQ(lo, 28);
  EXPECT_EQ(hi, 1048576);
  State in = f.s;
  ASSERT_TRUE(f.assume(in, sum, OpName::Le, f.num(1048548)));
  EXPECT_EQ(f.compare(in, x, OpName::Ge, f.num(28)), Tri::True);
  EXPECT_EQ(f.compare(in, x, OpName::Le, f.num(1048576)), Tri::True);
  State out = f.s;
  ASSERT_TRUE(f.assume(out, sum, OpName::Gt, f.num(1048548)));
  EXPECT_EQ(f.compare(out, x, OpName::Eq, f.num(100)), Tri::False);
  EXPECT_EQ(f.compare(out, x, OpName::Eq, f.num(27)), Tri::Unknown);
  // x + 5 < 10: x in [-5, 4] mod 2^32 is two ranges: nothing said.
  EXPECT_FALSE(f.unsigned_window(f.plus_value(x, 5, plus_type(32, false)), OpName::Lt, 10, base, lo, hi));
  // (unsigned) i + 20 <= 10, a case range -20 ... -10: above the sign bit,
  // where i may be read as signed: not said here.
  EXPECT_FALSE(f.unsigned_window(f.plus_value(x, 20, plus_type(32, false)), OpName::Le, 10, base, lo, hi));
  // A signed sum does not wrap: not a window.
  EXPECT_FALSE(f.unsigned_window(f.plus_value(x, -28, plus_type(32, true)), OpName::Le, 100, base, lo, hi));
}

TEST(Constraints, RelationBetweenUnknowns) {
  Facts f;
  const SvalId a = f.param(0), b = f.param(1);
  ASSERT_TRUE(f.assume(f.s, a, OpName::Lt, b));
  EXPECT_EQ(f.compare(f.s, b, OpName::Gt, a), Tri::True);
  EXPECT_EQ(f.compare(f.s, a, OpName::Eq, b), Tri::False);
  EXPECT_EQ(f.compare(f.s, a, OpName::Le, b), Tri::True);
}

} // namespace
