// Constraints: what a path knows of integer and pointer values. Ranges
// ([lo, hi] per value), values excluded ("not in [lo, hi]"), relations
// between two unknowns (a < b), and the values derived from another with a
// constant (x + c, x / c, x & c, x | c, x ^ c), whose facts follow their
// base's.
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Internal to src/analysis: the engine's analysis builds on it (it is the
// base of FunctionAnalysis); tests/unit/constraints_test.cc tests it alone.
#pragma once

#include <cstdint>

#include "analysis/state.h"
#include "analysis/svalue.h"
#include "ir/ir.h"

namespace pathwise::detail {

using ir::OpName;

class Constraints {
public:
  // values: the analysis' table of symbolic values (interned on demand,
  // also by queries: a constant compared with).
  explicit Constraints(SvalTable &values) : m_values(values) {}
  virtual ~Constraints() = default;

  // Are pointers a and b known to lead to different objects: fresh
  // storage (what a checker tracks as just allocated) against a variable's
  // address, or against a pointer the code had before or read from memory
  // while nothing else was given the fresh one? (What the analysis knows
  // of their checker states.)
  virtual bool distinct_storage(const State &s, SvalId a, SvalId b) const = 0;

  // The address of a variable, a function or a string literal (never NULL).
  bool is_address(SvalId v) const;

  // --- ranges and exclusions ---
  // The range v is known to lie in.
  void range_of(const State &s, SvalId v, int64_t &lo, int64_t &hi) const;

  // --- integer sums (Plus values) ---
  // The range of the Plus value v from its base's: [lo + c, hi + c] where
  // that stays in the type (a signed sum does: overflow is undefined), else
  // the type's range.
  void plus_range(const State &s, SvalId v, int64_t &lo, int64_t &hi) const;

  // Is "v op c" for the Plus value v the same as "base op c - offset" for
  // every value the path allows? Signed sums: yes (no overflow); unsigned
  // ones when the base's range cannot wrap.
  bool plus_exact(const State &s, SvalId v) const;

  // The value x + c in the type `type` (see plus_type): a constant if x is
  // one, x itself when offsets cancel, else a Plus; 0 if that cannot be
  // said (an offset beyond 64 bits).
  SvalId plus_value(SvalId x, int64_t c, int64_t type);

  // An integer value Plus and OpConst values may be derived from: one the
  // path may learn facts of (not a constant, an address, a comparison or
  // a variable never set; a number a call filled in, "fread (&n, ...)",
  // is).
  bool derivable(SvalId x) const;

  // --- bits ---
  // x & c, x | c or x ^ c (op) in a type of `bits` bits, for a constant c,
  // as an OpConst value in one form whatever the order of the operations:
  // a mask goes to the value it derives from, so "(flags | 8) & 4" is
  // "flags & 4" and "~flags & 4" is "(flags & 4) ^ 4", and a flag tested
  // after "flags |= 8" or "flags &= ~2" is the one the path learned of.
  // 0 if x is no value to derive from, or the form would nest too deep.
  SvalId bits_value(SvalId x, OpName op, int64_t c, uint32_t bits);

  // The bits of v that the path's tests of masks of it fixed: "v & 8"
  // found 0 clears bit 3 (zeros), "v & 4" found not 0 sets bit 2 (ones).
  void known_bits(const State &s, SvalId v, uint64_t &ones, uint64_t &zeros) const;

  // "v op k" (== or !=) where v is a bit operation's value: "(x & m) ^ c
  // == k" is "x & m == k ^ c"; of one bit, "x & 4 == 4" is "x & 4 != 0".
  // Rewrites a, op and b so; false, and nothing changed, if not such a test.
  bool bits_against_constant(const State &s, SvalId &a, OpName &op, SvalId &b) const;

  // The value a Plus or OpConst value is computed from (0 for others): it
  // stays reachable, in use and renamed with it.
  SvalId derived_base(SvalId v) const;

  // The range of base OP c (an OpConst value) from its base's range.
  void op_const_range(const State &s, SvalId v, int64_t &lo, int64_t &hi) const;

  // "x + c op k" is "x op k - c" for every value the path allows: rewrites
  // a and b so (the sum's side becomes x, the constant's k - c). False,
  // and nothing changed, if neither side is such a sum against a constant.
  bool base_against_constant(const State &s, SvalId &a, SvalId &b) const;

  // "x + c < k" or "x + c <= k" for an unsigned sum that may wrap, as GCC
  // folds "x >= 28 && x <= 1048576" into "x - 28 <= 1048548": holds for x
  // in [lo, hi] exactly, when that is one range below the type's sign bit
  // (where signed and unsigned agree). False if v is not such a sum, or
  // the values leave two ranges or reach the sign bit.
  bool unsigned_window(SvalId v, OpName op, int64_t k, SvalId &x, int64_t &lo, int64_t &hi) const;

  // v as base + offset (v and 0 for any value but a Plus).
  void split_plus(SvalId v, SvalId &base, int64_t &off) const;

  // The constant v is known to equal, if any.
  bool known_value(const State &s, SvalId v, int64_t &out) const;

  // v != c holds on the path (outside v's range, excluded, or an address
  // against NULL).
  bool known_not_equal(const State &s, SvalId v, int64_t c) const;

  // Is c among the values v is known to differ from (a "not in [lo, hi]"
  // fact: one value, or a switch's case range on its default edge)?
  static bool excluded(const State &s, SvalId v, int64_t c);

  // Is all of [lo, hi] among the values v is known to differ from?
  static bool excluded_range(const State &s, SvalId v, int64_t lo, int64_t hi);

  // Adds "v is not in [lo, hi]"; false if v must be.
  bool assume_not_in(State &s, SvalId v, int64_t lo, int64_t hi);

  // "v op c" for a value in [lo, hi] that is not ne_c (v != c known).
  static Tri compare_range(int64_t lo, int64_t hi, bool ne_c, OpName op, int64_t c);

  // "a op b" for two constants.
  static bool eval_cmp(OpName op, int64_t a, int64_t b);

  // --- comparisons ---
  // "cmp != 0" is the comparison itself; "cmp == 0" its inverse.
  void unwrap(SvalId &a, OpName &op, SvalId &b) const;

  // a is the comparison "x < y": a, op, b become "x < y" (truth) or its
  // inverse "x >= y" (not truth).
  void into_comparison(SvalId &a, OpName &op, SvalId &b, bool truth) const;

  // "a op b" tests a comparison's 0 or 1 against 0 or 1 (a is "x < y"
  // of two values, op == or !=): truth is what the comparison must be.
  bool truth_test(SvalId a, OpName op, SvalId b, int64_t &truth) const;

  // What the path knows of "a op b": True, False or Unknown.
  Tri compare(const State &s, SvalId a, OpName op, SvalId b) const;

  // What the relations recorded between a and b, together, say about
  // "a op b" ("a != b" and "a >= b": "a > b").
  Tri compare_related(const State &s, SvalId a, OpName op, SvalId b) const;

  // Adds "a op b" to s; false if that is infeasible.
  bool assume(State &s, SvalId a, OpName op, SvalId b);

private:
  SvalTable &m_values;
};

} // namespace pathwise::detail
