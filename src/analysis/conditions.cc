// What a branch teaches beyond its own comparison: the forms GCC rewrites
// conditions into. "i < 5 || i > 19" becomes "(unsigned) (i - 5) > 14"
// (and "case 5 ... 19:" a range test); "a == NULL || b == NULL" becomes
// one test of "(a == 0) | (b == 0)". Each is taken back to facts about
// the values the source compared.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

namespace pathwise::detail {

namespace {

// The definition of operand o in the function (nullptr: none, or not a
// temporary).
const Instruction *def_of(const FnInfo &fi, const Operand &o) {
  return o.is_temp() && o.id < fi.defs.size() ? fi.defs[o.id] : nullptr;
}

// What computed o, through what keeps whether it is zero: copies,
// widening conversions ("(long) (a || b)") and __builtin_expect, which
// returns its first argument (GCC's __glibc_unlikely (p == NULL || q ==
// NULL)).
const Instruction *zero_test_def(const Module &m, const FnInfo &fi, const Operand &o) {
  const Instruction *d = def_of(fi, o);
  for (int hops = 0; d && hops < 6; ++hops) {
    const Operand *from = nullptr;
    if (d->opcode == Opcode::Copy && !d->operands.empty()) {
      from = &d->operands[0];
    } else if (d->opcode == Opcode::Unary && d->op == OpName::Conv && !d->operands.empty() &&
               d->operands[0].is_temp() && d->operands[0].id < fi.fn->temps.size() && d->result < fi.fn->temps.size() &&
               fi.fn->temps[d->operands[0].id].type.bits <= fi.fn->temps[d->result].type.bits) {
      from = &d->operands[0];
    } else if (d->opcode == Opcode::Call && d->operands.size() >= 2 && d->operands[0].kind == OpKind::Func &&
               d->operands[0].id < m.symbols.size() &&
               (m.symbols[d->operands[0].id].name == "__builtin_expect" ||
                m.symbols[d->operands[0].id].name == "__builtin_expect_with_probability")) {
      from = &d->operands[1];
    }
    if (!from)
      break;
    d = def_of(fi, *from);
  }
  return d;
}

} // namespace

bool FunctionAnalysis::tell_checkers(State &s, SvalId a, OpName op, SvalId b, bool signed_as_unsigned,
                                     const std::string &expr, std::vector<RawEvent> &evs, const Loc &loc) {
  std::vector<RawEvent> *saved = m_cur_events;
  m_cur_events = &evs;
  for (size_t k = 0; k < m_checkers.size(); ++k)
    if (map_get<StateId>(s.sm[k], a, 0) || map_get<StateId>(s.sm[k], b, 0)) {
      Context ctx(*this, s, static_cast<uint8_t>(k), loc);
      m_checkers[k]->on_condition(ctx, a, op, b, signed_as_unsigned);
    }
  const SvalId zero = m_svals.get(SK::Const, 0);
  const SvalId ptr = b == zero ? a : a == zero ? b : 0;
  if (ptr && (op == OpName::Eq || op == OpName::Ne)) {
    const std::string text = expr.empty() ? text_of_value(s, ptr) : expr;
    for (size_t k = 0; k < m_checkers.size(); ++k) {
      Context ctx(*this, s, static_cast<uint8_t>(k), loc);
      m_checkers[k]->on_null_split(ctx, ptr, op == OpName::Eq, text);
    }
  }
  bool can = true;
  for (const auto &[root, size] : std::vector<std::pair<SvalId, SvalId>>(s.extents))
    if (size == a || size == b)
      can = tell_empty(s, root, loc) && can;
  m_cur_events = saved;
  return can;
}

bool FunctionAnalysis::tell_empty(State &s, SvalId root, const Loc &loc) {
  // (malloc's or calloc's: realloc (p, 0) frees p and gives NULL in glibc.)
  const Instruction *made = made_by(root);
  const SvalId size = extent(s, root);
  if (!made || !allocation_call(*made) || !size || compare(s, size, OpName::Eq, m_svals.get(SK::Const, 0)) != Tri::True)
    return true;
  bool can = true;
  for (size_t k = 0; k < m_checkers.size(); ++k)
    if (map_get<StateId>(s.sm[k], root, 0)) {
      Context ctx(*this, s, static_cast<uint8_t>(k), loc);
      can = m_checkers[k]->on_empty(ctx, root) && can;
    }
  return can;
}

bool FunctionAnalysis::split_truth(State &s, const Instruction &in, const Loc &loc) {
  const SvalId zero = m_svals.get(SK::Const, 0);
  if (m_forks_made >= m_opts.max_forks || !in.result)
    return false;
  // The part that tests a tracked pointer against NULL, unwrapped.
  auto null_test = [&](const Operand &o, SvalId &a, OpName &op, SvalId &b) {
    const SvalId c = operand_value(s, o);
    if (m_svals[c].kind != SK::Cmp)
      return false;
    a = c;
    b = zero;
    op = OpName::Ne;
    unwrap(a, op, b);
    return (op == OpName::Eq || op == OpName::Ne) && (a == zero || b == zero) &&
           (is_tracked(s, root_of(a)) || is_tracked(s, root_of(b))) && compare(s, a, op, b) == Tri::Unknown;
  };
  SvalId a = 0, b = 0;
  OpName op = OpName::None;
  size_t k = 0;
  for (; k < 2 && !null_test(in.operands[k], a, op, b); ++k) {
  }
  if (k == 2)
    return false;
  const Instruction *c = def_of(*m_cur, in.operands[k]);
  const std::string expr = c && c->opcode == Opcode::Binary && c->operands.size() == 2 ? compared_text(s, *c) : "";
  const SvalId other = operand_value(s, in.operands[1 - k]);
  const bool is_and = in.op == OpName::And;
  // The way the part decides alone: false for &, true for |.
  Fork f{s, *m_cur_events};
  const bool decided = learn_fact(f.state, a, is_and ? invert_comparison(op) : op, b, expr, f.events, loc);
  if (decided)
    f.state.bind(in.result, m_svals.get(SK::Const, is_and ? 0 : 1));
  // This state: the other part decides.
  if (!learn_fact(s, a, is_and ? op : invert_comparison(op), b, expr, *m_cur_events, loc)) {
    if (!decided)
      return false; // (neither learned: computed as any other)
    s = std::move(f.state);
    *m_cur_events = std::move(f.events);
    return true;
  }
  s.bind(in.result, other);
  if (decided) {
    m_forks.push_back(std::move(f));
    ++m_forks_made;
  }
  return true;
}

bool FunctionAnalysis::short_circuited(const State &s, uint32_t block, const Instruction &in) {
  if (!in.result || in.result >= fn().temps.size() || !fn().temps[in.result].type.is_bool())
    return false;
  const Instruction *use = nullptr;
  for (const Block &b : fn().blocks)
    for (const Instruction &i : b.insns)
      for (const Operand &o : i.operands)
        if (o.is_temp() && o.id == in.result) {
          if (use)
            return false;
          use = &i;
        }
  if (!use || use->opcode != Opcode::Binary || (use->op != OpName::And && use->op != OpName::Or) ||
      use->operands.size() != 2 || !fn().temps[use->result].type.is_bool())
    return false;
  const Operand &other = use->operands[0].is_temp() && use->operands[0].id == in.result ? use->operands[1]
                                                                                         : use->operands[0];
  // (The other part computed first, in this block: its value is this
  // path's.)
  const std::vector<Instruction> &insns = fn().blocks[block].insns;
  const Instruction *def = def_of(*m_cur, other);
  if (!def || def < insns.data() || def >= &in)
    return false;
  const Tri zero = compare(s, operand_value(s, other), OpName::Eq, m_svals.get(SK::Const, 0));
  return use->op == OpName::Or ? zero == Tri::False : zero == Tri::True;
}

std::string FunctionAnalysis::compared_text(const State &s, const Instruction &cmp) {
  return m_cur->namer.operand(cmp.operands[m_svals[operand_value(s, cmp.operands[1])].kind == SK::Const ? 0 : 1]);
}

bool FunctionAnalysis::learn_comparison(State &s, const Instruction &cmp, bool holds, std::vector<RawEvent> &evs,
                                        const Loc &loc) {
  return learn_fact(s, operand_value(s, cmp.operands[0]), holds ? cmp.op : invert_comparison(cmp.op),
                    operand_value(s, cmp.operands[1]), compared_text(s, cmp), evs, loc);
}

bool FunctionAnalysis::learn_fact(State &s, SvalId a, OpName op, SvalId b, const std::string &expr,
                                  std::vector<RawEvent> &evs, const Loc &loc) {
  const Tri t = compare(s, a, op, b);
  if (t != Tri::Unknown)
    return t == Tri::True;
  if (!assume(s, a, op, b))
    return false;
  return tell_checkers(s, a, op, b, false, expr, evs, loc);
}

// Addresses compare as unsigned numbers: one above another is not NULL
// ("while ((p = strrchr (buf, '/')) > buf)"), and neither is one at or
// above an address known not to be NULL.
bool FunctionAnalysis::assume_above_null(State &s, const Instruction &br, OpName op, SvalId a, SvalId b,
                                         std::vector<RawEvent> &evs, const Loc &loc) {
  if (br.operands.size() < 2 || !is_pointer_operand(br.operands[0]) || !is_pointer_operand(br.operands[1]))
    return true;
  if (op == OpName::Lt || op == OpName::Le) { // (b above a)
    std::swap(a, b);
    op = op == OpName::Lt ? OpName::Gt : OpName::Ge;
  }
  const SvalId null = m_svals.get(SK::Const, 0);
  const bool above = op == OpName::Gt || (op == OpName::Ge && compare(s, b, OpName::Ne, null) == Tri::True);
  if (!above || a == kUnknownSval)
    return true;
  static const std::string kNoText;
  return learn_fact(s, a, OpName::Ne, null, kNoText, evs, loc);
}

bool FunctionAnalysis::assume_rewritten(State &s, const Operand &lhs, OpName op, const Operand &rhs,
                                        std::vector<RawEvent> &evs, const Loc &loc, int depth) {
  if (depth > 4 || rhs.kind != OpKind::Int)
    return true;
  const Instruction *d = zero_test_def(m_module, *m_cur, lhs);
  if (!d || d->opcode != Opcode::Binary || d->operands.size() != 2)
    return true;
  // A combination of truth values, compared with zero: "(a == 0) | (b == 0)"
  // is zero only if both are; "x & y" is non-zero only if both are.
  if ((d->op == OpName::Or || d->op == OpName::And) && rhs.value == 0 && (op == OpName::Eq || op == OpName::Ne)) {
    const bool both_hold = d->op == OpName::And && op == OpName::Ne;
    const bool neither_holds = d->op == OpName::Or && op == OpName::Eq;
    if (!both_hold && !neither_holds) {
      // "x & y" zero with x known to hold: y does not ("size && !p" false
      // where p is NULL: size is 0); "x | y" non-zero with x known not to
      // hold: y does.
      const bool want = d->op == OpName::Or; // (what the unknown part must be)
      const Instruction *open = nullptr;
      for (const Operand &part : d->operands) {
        const Instruction *c = def_of(*m_cur, part);
        if (!c || c->opcode != Opcode::Binary || !is_comparison(c->op) || c->operands.size() != 2)
          return true;
        const Tri t = compare(s, operand_value(s, c->operands[0]), c->op, operand_value(s, c->operands[1]));
        if (t == Tri::Unknown) {
          if (open)
            return true; // (two open: nothing follows)
          open = c;
        } else if ((t == Tri::True) == want) {
          return true; // (decided by this part alone)
        }
      }
      return !open || learn_comparison(s, *open, want, evs, loc);
    }
    for (const Operand &part : d->operands) {
      const Instruction *c = def_of(*m_cur, part);
      if (!c || c->operands.size() != 2)
        continue;
      if (c->opcode == Opcode::Binary && is_comparison(c->op)) {
        // (Only truth values: a comparison's own 0 or 1.)
        if (!learn_comparison(s, *c, both_hold, evs, loc))
          return false;
      } else if (c->opcode == Opcode::Binary && c->op == d->op) {
        Operand zero = rhs;
        if (!assume_rewritten(s, part, op, zero, evs, loc, depth + 1))
          return false;
      }
    }
    return true;
  }
  RangeTest r;
  if (!range_test(lhs, op, rhs, r))
    return true;
  const SvalId v = tested_value(s, lhs, r);
  if (v == kUnknownSval || m_svals[v].kind == SK::Poison)
    return true;
  const std::string expr = m_cur->namer.operand(r.x);
  if (r.inside)
    return learn_fact(s, v, OpName::Ge, m_svals.get(SK::Const, r.lo), expr, evs, loc) &&
           learn_fact(s, v, OpName::Le, m_svals.get(SK::Const, r.hi), expr, evs, loc);
  return assume_not_in(s, v, r.lo, r.hi);
}

Tri FunctionAnalysis::compare_rewritten(const State &s, const Operand &lhs, OpName op, const Operand &rhs) {
  RangeTest r;
  if (!range_test(lhs, op, rhs, r))
    return Tri::Unknown;
  const SvalId v = tested_value(s, lhs, r);
  if (v == kUnknownSval || m_svals[v].kind == SK::Poison)
    return Tri::Unknown;
  int64_t vlo, vhi;
  range_of(s, v, vlo, vhi);
  bool in;
  if (vlo >= r.lo && vhi <= r.hi)
    in = true;
  else if (vhi < r.lo || vlo > r.hi)
    in = false;
  else if (excluded_range(s, v, r.lo, r.hi))
    in = false;
  else
    return Tri::Unknown;
  return in == r.inside ? Tri::True : Tri::False;
}

// The value a range test tests: the base of the sum it compares (which
// stays known after x's own temporary is dead), or x's value.
SvalId FunctionAnalysis::tested_value(const State &s, const Operand &lhs, const RangeTest &r) {
  const SvalId sum = operand_value(s, lhs);
  if (m_svals[sum].kind == SK::Plus && m_svals[sum].a == r.offset)
    return m_svals[sum].base;
  return operand_value(s, r.x);
}

bool FunctionAnalysis::needs_wrap(const State &s, SvalId v) const {
  if (v == kUnknownSval || m_svals[v].kind != SK::Plus || plus_signed(m_svals[v].b) || m_svals[v].a <= 0 ||
      plus_exact(s, v))
    return false;
  int64_t blo, bhi;
  range_of(s, m_svals[v].base, blo, bhi);
  if (blo != INT64_MIN || bhi != INT64_MAX)
    return false; // (a base with a known bound: its own facts decide)
  int64_t lo, hi;
  range_of(s, v, lo, hi);
  return lo >= 0 && hi < m_svals[v].a;
}

// A range test: "(unsigned) (x + C) <= K" holds for x in [-C, -C + K] (in
// the test's width), and for no other x.
bool FunctionAnalysis::range_test(const Operand &lhs, OpName op, const Operand &rhs, RangeTest &out) const {
  if (rhs.kind != OpKind::Int || rhs.value < 0)
    return false;
  const Instruction *d = def_of(*m_cur, lhs);
  if (!d || d->opcode != Opcode::Binary || d->operands.size() != 2 || d->op != OpName::Add ||
      d->operands[1].kind != OpKind::Int || !d->operands[0].is_temp())
    return false;
  const Type &type = fn().temps[lhs.id].type;
  if (type.kind != TypeKind::Int || type.is_signed || type.bits == 0 || type.bits > 64)
    return false;
  int64_t k = rhs.value;
  switch (op) {
  case OpName::Le: out.inside = true; break;
  case OpName::Lt:
    if (k == 0)
      return false;
    out.inside = true;
    k -= 1;
    break;
  case OpName::Gt: out.inside = false; break;
  case OpName::Ge:
    if (k == 0)
      return false;
    out.inside = false;
    k -= 1;
    break;
  default: return false;
  }
  // x: through conversions, to the value as its source type reads it.
  Operand x = d->operands[0];
  for (int step = 0; step < 4; ++step) {
    const Instruction *c = def_of(*m_cur, x);
    if (!c || c->opcode != Opcode::Unary || c->op != OpName::Conv || !c->operands[0].is_temp())
      break;
    const Type &from = fn().temps[c->operands[0].id].type;
    if (from.kind != TypeKind::Int || from.bits > type.bits)
      break;
    x = c->operands[0];
  }
  const Type &xt = fn().temps[x.id].type;
  if (xt.kind != TypeKind::Int || xt.bits > type.bits)
    return false;
  const unsigned __int128 modulus = static_cast<unsigned __int128>(1) << type.bits;
  const unsigned __int128 c = static_cast<uint64_t>(d->operands[1].value);
  const unsigned __int128 lo = (modulus - c % modulus) % modulus;
  const unsigned __int128 hi = lo + static_cast<uint64_t>(k);
  if (hi >= modulus)
    return false; // the range wraps around: two ranges of x
  __int128 xlo = static_cast<__int128>(lo), xhi = static_cast<__int128>(hi);
  if (xt.is_signed) {
    const unsigned __int128 half = modulus >> 1;
    if (lo >= half) {
      xlo -= static_cast<__int128>(modulus);
      xhi -= static_cast<__int128>(modulus);
    } else if (hi >= half) {
      return false; // across the sign: not one signed range
    }
  }
  if (xlo < INT64_MIN || xhi > INT64_MAX)
    return false;
  out.x = x;
  // (The offset as a sum of x keeps it: read as signed in the width.)
  const unsigned __int128 cw = c % modulus;
  out.offset = cw >= (modulus >> 1) ? static_cast<int64_t>(static_cast<__int128>(cw) - static_cast<__int128>(modulus))
                                    : static_cast<int64_t>(cw);
  out.lo = static_cast<int64_t>(xlo);
  out.hi = static_cast<int64_t>(xhi);
  return true;
}

bool FunctionAnalysis::split_min_max(State &s, const Instruction &in, const Loc &loc) {
  if (m_forks_made >= m_opts.max_forks || !in.result || (in.op != OpName::Min && in.op != OpName::Max) ||
      fn().temps[in.result].type.kind != TypeKind::Int)
    return false;
  SvalId x = operand_value(s, in.operands[0]), k = operand_value(s, in.operands[1]);
  int64_t c;
  if (known_value(s, x, c))
    std::swap(x, k);
  if (!known_value(s, k, c) || known_value(s, x, c) || x == kUnknownSval || m_svals[x].kind == SK::Poison)
    return false;
  const OpName keeps = in.op == OpName::Min ? OpName::Le : OpName::Ge; // (x is the result)
  if (compare(s, x, keeps, k) != Tri::Unknown)
    return false; // (decided: computed as any other)
  Fork f{s, *m_cur_events};
  if (learn_fact(f.state, x, invert_comparison(keeps), k, "", f.events, loc)) {
    f.state.bind(in.result, k);
    m_forks.push_back(std::move(f));
    ++m_forks_made;
  }
  if (!learn_fact(s, x, keeps, k, "", *m_cur_events, loc)) {
    if (m_forks.empty())
      return false;
    s = std::move(m_forks.back().state);
    *m_cur_events = std::move(m_forks.back().events);
    m_forks.pop_back();
    return true;
  }
  s.bind(in.result, x);
  return true;
}

} // namespace pathwise::detail
