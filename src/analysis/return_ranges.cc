// Return ranges: the interval every return of a function lies in, where its
// body bounds it more narrowly than its type ("return 24 + lg_table[n >>
// 24];" with a constant table of small numbers; "return c & 0x3f;"). A
// call the engine does not step into still gives a value in that range.
// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <map>

#include "analysis/summary.h"

namespace pathwise {

using namespace ir;

namespace {

struct Interval {
  int64_t lo = 0, hi = 0;
};

// The values of an integer type (false for 64 unsigned bits, which the
// engine's 64-bit signed values do not hold whole, and for non-integers).
bool type_interval(const Type &t, Interval &out) {
  if (t.kind != TypeKind::Int || t.bits == 0 || t.bits > 64 || (!t.is_signed && t.bits == 64))
    return false;
  if (t.bits == 64) {
    out = {INT64_MIN, INT64_MAX};
  } else if (t.is_signed) {
    out = {-(int64_t{1} << (t.bits - 1)), (int64_t{1} << (t.bits - 1)) - 1};
  } else {
    out = {0, (int64_t{1} << t.bits) - 1};
  }
  return true;
}

bool inside(const Interval &a, const Interval &b) { return a.lo >= b.lo && a.hi <= b.hi; }

class RangeFinder {
public:
  RangeFinder(const Module &m, const std::vector<bool> &stable, const std::vector<ModuleSummary::Range> &ranges,
              const std::vector<std::pair<bool, int64_t>> &constant_return)
      : m_module(m), m_stable(stable), m_ranges(ranges), m_constant(constant_return) {}

  // The range of every value function f returns; false if no return's
  // value is bounded (or f returns no integer).
  bool of_function(const Function &fn, Interval &out) {
    Interval type;
    if (!type_interval(fn.ret_type, type))
      return false;
    m_fn = &fn;
    m_defs = definitions(fn);
    m_memo.assign(fn.temps.size(), {});
    m_stores.clear();
    m_addressed.clear();
    for (const Block &b : fn.blocks)
      for (const Instruction &in : b.insns) {
        if (in.place.base != PlaceBase::Local)
          continue;
        if (in.opcode == Opcode::Addr || (in.opcode == Opcode::Store && !in.place.path.empty()))
          m_addressed.push_back(in.place.id);
        else if (in.opcode == Opcode::Store && !in.operands.empty())
          m_stores[in.place.id].push_back(&in.operands[0]);
      }
    bool any = false;
    for (const Block &b : fn.blocks) {
      if (b.insns.empty() || b.insns.back().opcode != Opcode::Ret)
        continue;
      const Instruction &ret = b.insns.back();
      Interval r;
      if (ret.operands.empty() || !of_operand(ret.operands[0], r, 0))
        return false;
      out = any ? Interval{std::min(out.lo, r.lo), std::max(out.hi, r.hi)} : r;
      any = true;
    }
    return any && inside(out, type) && (out.lo != type.lo || out.hi != type.hi);
  }

private:
  const Module &m_module;
  const std::vector<bool> &m_stable;
  const std::vector<ModuleSummary::Range> &m_ranges;
  const std::vector<std::pair<bool, int64_t>> &m_constant;
  const Function *m_fn = nullptr;
  std::vector<const Instruction *> m_defs;
  // A local's whole stores (the values it is given), and the locals whose
  // address is taken or that are written in part: those are not followed.
  std::map<uint32_t, std::vector<const Operand *>> m_stores;
  std::vector<uint32_t> m_addressed;
  // By temporary: its range, once found.
  struct Memo {
    enum : uint8_t { kNew, kBusy, kDone } state = kNew;
    bool known = false;
    Interval value;
  };
  std::vector<Memo> m_memo;

  static constexpr int kMaxDepth = 12;

  const Type &type_of(const Operand &o) const {
    return o.is_temp() && o.id < m_fn->temps.size() ? m_fn->temps[o.id].type : o.type;
  }

  bool of_operand(const Operand &o, Interval &out, int depth) {
    if (o.kind == OpKind::Int || o.kind == OpKind::Null) {
      const int64_t v = o.kind == OpKind::Int ? o.value : 0;
      out = {v, v};
      return true;
    }
    if (!o.is_temp() || o.id >= m_defs.size())
      return false;
    // (Each temporary once: a definition met again on the way to its own
    // value, round a loop, is taken as any value of its type.)
    Memo &memo = m_memo[o.id];
    if (memo.state == Memo::kDone) {
      out = memo.value;
      return memo.known;
    }
    // Whatever made it, a temporary holds a value of its type.
    Interval type;
    const bool typed = type_interval(type_of(o), type);
    const Instruction *d = m_defs[o.id];
    bool known = false;
    if (memo.state == Memo::kNew && d && depth < kMaxDepth) {
      m_memo[o.id].state = Memo::kBusy;
      known = of_definition(*d, out, depth + 1) && (!typed || inside(out, type));
    }
    if (!known && typed) {
      out = type;
      known = true;
    }
    if (m_memo[o.id].state == Memo::kBusy)
      m_memo[o.id] = {Memo::kDone, known, out};
    return known;
  }

  bool of_definition(const Instruction &d, Interval &out, int depth) {
    switch (d.opcode) {
    case Opcode::Copy: return d.operands.size() == 1 && of_operand(d.operands[0], out, depth);
    case Opcode::Unary:
      // (A conversion keeps the value where the value fits the new type:
      // of_operand checks.)
      return d.op == OpName::Conv && d.operands.size() == 1 && of_operand(d.operands[0], out, depth);
    case Opcode::Binary: return of_binary(d, out, depth);
    case Opcode::Phi: {
      bool first = true;
      for (const Operand &in : d.operands) {
        Interval r;
        if (!of_operand(in, r, depth))
          return false;
        out = first ? r : Interval{std::min(out.lo, r.lo), std::max(out.hi, r.hi)};
        first = false;
      }
      return !first;
    }
    case Opcode::Load: return of_load(d.place, out, depth);
    case Opcode::Call: {
      if (d.operands.empty() || d.operands[0].kind != OpKind::Func || d.operands[0].id >= m_module.symbols.size())
        return false;
      const int32_t body = m_module.symbols[d.operands[0].id].body;
      if (body < 0)
        return false;
      const auto b = static_cast<size_t>(body);
      if (m_constant[b].first) {
        out = {m_constant[b].second, m_constant[b].second};
        return true;
      }
      if (!m_ranges[b].known)
        return false;
      out = {m_ranges[b].lo, m_ranges[b].hi};
      return true;
    }
    default: return false;
    }
  }

  bool of_binary(const Instruction &d, Interval &out, int depth) {
    if (d.operands.size() != 2)
      return false;
    Interval a, b;
    const bool ka = of_operand(d.operands[0], a, depth), kb = of_operand(d.operands[1], b, depth);
    switch (d.op) {
    case OpName::Add:
      return ka && kb && !__builtin_add_overflow(a.lo, b.lo, &out.lo) && !__builtin_add_overflow(a.hi, b.hi, &out.hi);
    case OpName::Sub:
      return ka && kb && !__builtin_sub_overflow(a.lo, b.hi, &out.lo) && !__builtin_sub_overflow(a.hi, b.lo, &out.hi);
    case OpName::And: {
      // A mask not negative bounds the result whatever the other side.
      const bool ma = ka && a.lo >= 0, mb = kb && b.lo >= 0;
      if (!ma && !mb)
        return false;
      out = {0, ma && mb ? std::min(a.hi, b.hi) : ma ? a.hi : b.hi};
      return true;
    }
    case OpName::Shr:
      if (!ka || !kb || a.lo < 0 || b.lo != b.hi || b.lo < 0 || b.lo > 63)
        return false;
      out = {a.lo >> b.lo, a.hi >> b.lo};
      return true;
    case OpName::Min:
    case OpName::Max:
      if (!ka || !kb)
        return false;
      out = d.op == OpName::Min ? Interval{std::min(a.lo, b.lo), std::min(a.hi, b.hi)}
                                : Interval{std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
      return true;
    default: return false;
    }
  }

  bool of_load(const Place &p, Interval &out, int depth) {
    if (p.base == PlaceBase::Local && p.path.empty()) {
      // A local only given whole values, its address never taken: one of
      // them (at -O0, "iftmp = a ? b : c" then "return iftmp").
      if (std::find(m_addressed.begin(), m_addressed.end(), p.id) != m_addressed.end())
        return false;
      auto it = m_stores.find(p.id);
      if (it == m_stores.end() || it->second.empty())
        return false;
      bool first = true;
      for (const Operand *v : it->second) {
        Interval r;
        if (!of_operand(*v, r, depth))
          return false;
        out = first ? r : Interval{std::min(out.lo, r.lo), std::max(out.hi, r.hi)};
        first = false;
      }
      return true;
    }
    return p.base == PlaceBase::Global && of_table(p, out);
  }

  // An element (or a field of one) of a global array no code changes, at
  // any index: between the least and the greatest its initializer gives
  // (and 0, for elements it does not list).
  bool of_table(const Place &p, Interval &out) const {
    if (p.path.empty() || p.path[0].kind != Accessor::Kind::Index || p.path[0].elem_size <= 0 ||
        p.id >= m_module.symbols.size() || p.id >= m_stable.size() || !m_stable[p.id])
      return false;
    const Symbol &sym = m_module.symbols[p.id];
    if (!sym.init_complete || !sym.function_table.empty())
      return false;
    std::string suffix;
    for (size_t k = 1; k < p.path.size(); ++k) {
      if (p.path[k].kind != Accessor::Kind::Field || p.path[k].offset < 0)
        return false;
      suffix += "." + std::to_string(p.path[k].offset);
    }
    const int64_t elem = p.path[0].elem_size;
    const auto count = static_cast<int64_t>(sym.type.size / static_cast<uint64_t>(elem));
    int64_t listed = 0;
    out = {INT64_MAX, INT64_MIN};
    for (const auto &e : sym.constant_table) {
      // ".OFFSET" of an element, then the suffix.
      const std::string &k = e.first;
      if (k.size() < suffix.size() + 2 || k[0] != '.' || k.compare(k.size() - suffix.size(), suffix.size(), suffix))
        continue;
      const std::string number = k.substr(1, k.size() - suffix.size() - 1);
      if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos)
        continue;
      if (std::stoll(number) % elem)
        continue;
      ++listed;
      out.lo = std::min(out.lo, e.second);
      out.hi = std::max(out.hi, e.second);
    }
    if (listed < count) {
      out.lo = std::min<int64_t>(out.lo, 0);
      out.hi = std::max<int64_t>(out.hi, 0);
    }
    return count > 0;
  }
};

} // namespace

void ModuleSummary::find_return_ranges(const Module &m) {
  const size_t n = m.functions.size();
  return_range.assign(n, {});
  // Callees first: a few rounds.
  for (int round = 0; round < 3; ++round) {
    bool changed = false;
    RangeFinder finder(m, stable, return_range, constant_return);
    // (Again each round: a callee bounded since narrows its callers.)
    for (size_t f = 0; f < n; ++f) {
      if (constant_return[f].first)
        continue;
      Interval r;
      if (!finder.of_function(m.functions[f], r))
        continue;
      const Range now{true, r.lo, r.hi};
      if (!(now == return_range[f])) {
        return_range[f] = now;
        changed = true;
      }
    }
    if (!changed)
      break;
  }
}

} // namespace pathwise
