// Keeping the exploded graph finite: canonical names for values, widening
// of values flowing round loops, generalization of states that keep
// arriving at a point, and joins of states that differ only in facts.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

namespace pathwise::detail {

namespace {
// Widened counters kept in locals are named as temporaries from here on.
constexpr uint32_t kCounterTemp = 1u << 30;
// So is memory widened with what it kept (not 0), named by its region.
constexpr uint32_t kMemoryTemp = 1u << 31;
} // namespace

SvalId FunctionAnalysis::widen_to(State &s, uint32_t block, uint32_t t, SvalId v, Roots *present) {
  // A widened value made for the first time is in no state yet: the
  // search of the state is needed only for one made before.
  const uint64_t key = (static_cast<uint64_t>(m_cur->uid_base[block]) << 32) | t;
  SvalId &known = m_widened[key];
  const bool seen = known != 0;
  if (!seen)
    known = widened(block, t);
  const SvalId w = known;
  if (seen && v != w && present && !present->ready) {
    present->sorted = roots_in_state(s);
    present->ready = true;
  }
  if (seen && v != w &&
      (present ? std::binary_search(present->sorted.begin(), present->sorted.end(), w) : in_state(s, w)))
    rename_value(s, w, conjure(s, m_cur->uid_base[block]));
  return w;
}

std::vector<SvalId> FunctionAnalysis::roots_in_state(const State &s) const {
  std::vector<SvalId> out;
  // (With the index that names a place: "&t[i]" names i.)
  auto add = [&](SvalId v) {
    out.push_back(root_of(v));
    if (const SvalId name = place_name(v))
      out.push_back(m_svals[name].base);
  };
  for (auto &t : s.temps)
    add(t.second);
  for (auto &f : s.stack)
    for (auto &t : f.temps)
      add(t.second);
  for (auto &m : s.memory) {
    add(m.second);
    if (m_regions.kind(m.first) == 'S')
      out.push_back(region_base(m.first));
  }
  for (auto &e : s.extents) {
    out.push_back(e.first);
    out.push_back(root_of(e.second));
  }
  for (const SmMap &m : s.sm)
    for (auto &p : m)
      out.push_back(p.first);
  for (auto &r : s.vague_reads) {
    out.push_back(root_of(r.root));
    out.push_back(root_of(r.index));
    out.push_back(root_of(r.value));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool FunctionAnalysis::in_state(const State &s, SvalId v) const {
  auto is_v = [&](SvalId x) {
    const SvalId name = place_name(x);
    return root_of(x) == v || (name && m_svals[name].base == v);
  };
  for (auto &t : s.temps)
    if (is_v(t.second))
      return true;
  for (auto &f : s.stack)
    for (auto &t : f.temps)
      if (is_v(t.second))
        return true;
  for (auto &m : s.memory)
    if (is_v(m.second) || (m_regions.kind(m.first) == 'S' && region_base(m.first) == v))
      return true;
  for (auto &e : s.extents)
    if (e.first == v || is_v(e.second))
      return true;
  for (auto &r : s.vague_reads)
    if (is_v(r.root) || is_v(r.index) || is_v(r.value))
      return true;
  return is_tracked(s, v);
}

template <class F> void FunctionAnalysis::map_notes(State &s, F f) {
  bool moved = false;
  for (State::Changed &c : s.changed) {
    c.reread = f(c.reread);
    c.old = f(c.old);
    if (m_regions.kind(c.region) == 'S') {
      const SvalId base = region_base(c.region);
      const SvalId nb = f(base);
      if (nb != base) {
        c.region = m_regions.rebased(c.region, nb);
        moved = true;
      }
    }
  }
  if (moved)
    std::sort(s.changed.begin(), s.changed.end());
}

void FunctionAnalysis::rename_value(State &s, SvalId from, SvalId to) {
  // (Bit operations nest: "(x & 4) ^ 4" names x two levels down.)
  auto sub_at = [&](SvalId x, auto &self) -> SvalId {
    if (x == from)
      return to;
    if (x && m_svals[x].kind == SK::Offset) {
      // (A place named by an index moves with the index.)
      const SvalId name = place_name(x);
      const SvalId index = name ? self(m_svals[name].base, self) : 0;
      const SvalId base = m_svals[x].base == from ? to : m_svals[x].base;
      if (base == m_svals[x].base && (!name || index == m_svals[name].base))
        return x;
      if (!name)
        return m_svals.get(SK::Offset, m_svals[x].a, m_svals[x].b, base);
      const Sval nx = m_svals[name];
      return index == kUnknownSval || m_svals[index].kind == SK::Const
                 ? m_svals.get(SK::Offset, kUnknownOffset, 0, base)
                 : m_svals.get(SK::Offset, kUnknownOffset, static_cast<int64_t>(m_svals.get(SK::Scaled, nx.a, nx.b, index)),
                               base);
    }
    if (x && m_svals[x].kind == SK::Plus && m_svals[x].base == from) {
      const SvalId r = plus_value(to, m_svals[x].a, m_svals[x].b);
      return r ? r : kUnknownSval;
    }
    if (x && m_svals[x].kind == SK::OpConst) {
      const SvalId base = self(m_svals[x].base, self);
      if (base == m_svals[x].base)
        return x;
      return base == kUnknownSval || m_svals[base].kind == SK::Const
                 ? kUnknownSval
                 : m_svals.get(SK::OpConst, m_svals[x].a, m_svals[x].b, base);
    }
    return x;
  };
  auto sub = [&](SvalId x) { return sub_at(x, sub_at); };
  for (auto &t : s.temps)
    t.second = sub(t.second);
  for (auto &f : s.stack)
    for (auto &t : f.temps)
      t.second = sub(t.second);
  for (auto &m : s.memory) {
    m.second = sub(m.second);
    if (m_regions.kind(m.first) == 'S' && region_base(m.first) == from)
      m.first = m_regions.rebased(m.first, to);
  }
  std::sort(s.memory.begin(), s.memory.end());
  for (auto &e : s.extents) {
    e.first = sub(e.first);
    e.second = sub(e.second);
  }
  std::sort(s.extents.begin(), s.extents.end());
  for (SmMap &m : s.sm) {
    for (auto &p : m)
      p.first = sub(p.first);
    std::sort(m.begin(), m.end());
  }
  for (Constraint &c : s.constraints)
    c.v = sub(c.v);
  std::sort(s.constraints.begin(), s.constraints.end());
  for (Relation &r : s.relations) {
    r.a = sub(r.a);
    r.b = sub(r.b);
    if (r.a > r.b) {
      std::swap(r.a, r.b);
      r.op = static_cast<uint8_t>(swap_comparison(static_cast<OpName>(r.op)));
    }
  }
  std::sort(s.relations.begin(), s.relations.end());
  for (SvalId &e : s.escaped)
    e = sub(e);
  std::sort(s.escaped.begin(), s.escaped.end());
  for (SvalId &u : s.uninit)
    u = sub(u);
  std::sort(s.uninit.begin(), s.uninit.end());
  for (auto &d : s.derefs)
    d.v = sub(d.v);
  std::sort(s.derefs.begin(), s.derefs.end());
  for (auto &r : s.vague_reads) {
    r.root = sub(r.root);
    r.index = sub(r.index);
    r.value = sub(r.value);
  }
  std::sort(s.vague_reads.begin(), s.vague_reads.end());
  map_notes(s, [&](SvalId x) { return x == from ? to : x; });
}

void FunctionAnalysis::unify_pointers(State &s, SvalId a, SvalId b) {
  const bool a_first = m_svals[a].kind == SK::Param ? m_svals[b].kind != SK::Param || a < b
                                                     : m_svals[b].kind != SK::Param && a < b;
  const SvalId to = a_first ? a : b, from = a_first ? b : a;
  rename_value(s, from, to);
  // (Each described the same place: kept where they agree.)
  auto agree = [](auto &pairs) {
    std::vector<std::remove_reference_t<decltype(pairs[0])>> out;
    for (size_t k = 0; k < pairs.size();) {
      size_t e = k;
      bool same = true;
      while (e < pairs.size() && pairs[e].first == pairs[k].first) {
        same = same && pairs[e].second == pairs[k].second;
        ++e;
      }
      if (same)
        out.push_back(pairs[k]);
      k = e;
    }
    pairs = std::move(out);
  };
  agree(s.memory);
  agree(s.extents);
  s.relations.erase(std::remove_if(s.relations.begin(), s.relations.end(), [](const Relation &r) { return r.a == r.b; }),
                    s.relations.end());
}

bool FunctionAnalysis::sval_in_use(const State &s, SvalId v) const {
  // (Also as the base of a sum: "i + 1" names i; or of bit operations,
  // nested: "(x & 4) ^ 4" names x.)
  // (Or as the index naming a place: "&t[i]" names i.)
  auto names = [&](SvalId x) {
    if (x == v)
      return true;
    if (const SvalId name = place_name(x); name && (name == v || m_svals[name].base == v))
      return true;
    for (int depth = 0; depth < 4 && (x = derived_base(x)); ++depth)
      if (x == v)
        return true;
    return false;
  };
  for (auto &t : s.temps)
    if (names(t.second))
      return true;
  for (auto &m : s.memory)
    if (names(m.second) || (m_regions.kind(m.first) == 'S' && region_base(m.first) == v))
      return true;
  for (auto &e : s.extents)
    if (e.first == v || names(e.second))
      return true;
  if (is_tracked(s, v) || set_contains(s.escaped, v))
    return true;
  for (auto &d : s.derefs)
    if (d.v == v)
      return true;
  for (auto &r : s.vague_reads)
    if (names(r.root) || names(r.index) || names(r.value))
      return true;
  for (auto &f : s.stack)
    for (auto &t : f.temps)
      if (names(t.second))
        return true;
  for (const Constraint &c : s.constraints)
    if (c.v != v && names(c.v))
      return true;
  return false;
}

std::vector<std::pair<SvalId, SvalId>> FunctionAnalysis::canonicalize(State &s) {
  const uint32_t stamp = ++m_canon.stamp;
  std::vector<std::pair<SvalId, SvalId>> changed;
  auto canon = [&](SvalId v, auto &self) -> SvalId {
    if (!v)
      return v;
    if (v < m_canon.names.size() && m_canon.names[v].first == stamp)
      return m_canon.names[v].second;
    const Sval sv = m_svals[v];
    SvalId out = v;
    if (sv.kind == SK::Conjured && sv.b >= 0) {
      auto &next = m_canon.next_k[sv.a];
      if (next.first != stamp)
        next = {stamp, 0};
      out = m_svals.get(SK::Conjured, sv.a, next.second++);
    } else if (sv.kind == SK::Offset) {
      SvalId b = self(sv.base, self);
      // (And the index that names the place.)
      SvalId name = sv.a == kUnknownOffset && sv.b ? self(static_cast<SvalId>(sv.b), self) : 0;
      if (b != sv.base || name != static_cast<SvalId>(sv.a == kUnknownOffset ? sv.b : 0))
        out = m_svals.get(SK::Offset, sv.a, sv.a == kUnknownOffset ? static_cast<int64_t>(name) : sv.b, b);
    } else if (sv.kind == SK::Scaled) {
      SvalId b = self(sv.base, self);
      if (b != sv.base)
        out = m_svals.get(SK::Scaled, sv.a, sv.b, b);
    } else if (sv.kind == SK::Plus || sv.kind == SK::OpConst) {
      SvalId b = self(sv.base, self);
      if (b != sv.base)
        out = m_svals.get(sv.kind, sv.a, sv.b, b);
    } else if (sv.kind == SK::Cmp) {
      SvalId l = self(sv.base, self);
      SvalId r = self(static_cast<SvalId>(sv.b), self);
      if (l != sv.base || r != static_cast<SvalId>(sv.b))
        out = m_svals.get(SK::Cmp, sv.a, r, l);
    }
    if (v >= m_canon.names.size())
      m_canon.names.resize(std::max<size_t>(v + 1, m_canon.names.size() * 2), {0, 0});
    m_canon.names[v] = {stamp, out};
    if (out != v)
      changed.push_back({v, out});
    return out;
  };
  for (auto &f : s.stack)
    for (auto &t : f.temps)
      t.second = canon(t.second, canon);
  for (auto &t : s.temps)
    t.second = canon(t.second, canon);
  bool rekeyed = false;
  for (auto &m : s.memory) {
    m.second = canon(m.second, canon);
    if (m_regions.kind(m.first) == 'S') {
      SvalId base = region_base(m.first);
      SvalId nb = canon(base, canon);
      if (nb != base) {
        m.first = m_regions.rebased(m.first, nb);
        rekeyed = true;
      }
    }
  }
  if (rekeyed)
    std::sort(s.memory.begin(), s.memory.end());
  for (auto &e : s.extents) {
    e.first = canon(e.first, canon);
    e.second = canon(e.second, canon);
  }
  for (SmMap &m : s.sm)
    for (auto &p : m)
      p.first = canon(p.first, canon);
  for (Constraint &c : s.constraints)
    c.v = canon(c.v, canon);
  for (Relation &r : s.relations) {
    r.a = canon(r.a, canon);
    r.b = canon(r.b, canon);
    if (r.a > r.b) {
      std::swap(r.a, r.b);
      r.op = static_cast<uint8_t>(swap_comparison(static_cast<OpName>(r.op)));
    }
  }
  for (SvalId &e : s.escaped)
    e = canon(e, canon);
  for (SvalId &u : s.uninit)
    u = canon(u, canon);
  for (auto &d : s.derefs)
    d.v = canon(d.v, canon);
  for (auto &r : s.vague_reads) {
    r.root = canon(r.root, canon);
    r.index = canon(r.index, canon);
    r.value = canon(r.value, canon);
  }
  map_notes(s, [&](SvalId v) { return canon(v, canon); });
  if (changed.empty())
    return changed;
  std::sort(s.vague_reads.begin(), s.vague_reads.end());
  std::sort(s.uninit.begin(), s.uninit.end());
  std::sort(s.derefs.begin(), s.derefs.end());
  std::sort(s.relations.begin(), s.relations.end());
  for (SmMap &m : s.sm)
    std::sort(m.begin(), m.end());
  std::sort(s.constraints.begin(), s.constraints.end());
  std::sort(s.escaped.begin(), s.escaped.end());
  std::sort(s.extents.begin(), s.extents.end());
  return changed;
}

void FunctionAnalysis::escape_indexed_locals(State &s, uint32_t head) {
  const Function &f = fn();
  const Bitset &body = m_cur->loop_body.at(head);
  std::vector<uint32_t> indexed;
  for (size_t b = 0; b < f.blocks.size(); ++b)
    if (body.test(b))
      for (const Instruction &in : f.blocks[b].insns)
        if (in.opcode == Opcode::Load && in.place.base == PlaceBase::Local &&
            std::any_of(in.place.path.begin(), in.place.path.end(),
                        [](const Accessor &a) { return a.kind == Accessor::Kind::Index && a.index.is_temp(); }))
          indexed.push_back(in.place.id);
  std::sort(indexed.begin(), indexed.end());
  indexed.erase(std::unique(indexed.begin(), indexed.end()), indexed.end());
  for (uint32_t l : indexed)
    escape_local(s, local_id(s, l));
}

int FunctionAnalysis::loop_step(uint32_t head, uint32_t t, bool local) const {
  const Function &f = fn();
  auto lb = m_cur->loop_body.find(head);
  if (lb == m_cur->loop_body.end())
    return 0;
  const Bitset &body = lb->second;
  // Whether operand o is the variable itself: the phi, through copies, or
  // (a local) a load of it.
  auto itself = [&](const Operand &o) {
    const Instruction *d = o.is_temp() && o.id < m_cur->defs.size() ? m_cur->defs[o.id] : nullptr;
    for (int hops = 0; d && d->opcode == Opcode::Copy && hops < 4; ++hops)
      d = d->operands[0].is_temp() && d->operands[0].id < m_cur->defs.size() ? m_cur->defs[d->operands[0].id] : nullptr;
    if (!local)
      return (o.is_temp() && o.id == t) || (d && d->result == t);
    return d && d->opcode == Opcode::Load && d->place.base == PlaceBase::Local && d->place.id == t &&
           d->place.path.empty();
  };
  int dir = 0;
  bool unknown = false;
  // The step an operand makes from the variable: 0 (itself), k (itself + k).
  auto step_of = [&](const Operand &o, auto &self, int depth) -> void {
    if (unknown)
      return;
    if (itself(o))
      return;
    const Instruction *d = o.is_temp() && o.id < m_cur->defs.size() ? m_cur->defs[o.id] : nullptr;
    if (d && d->opcode == Opcode::Copy && depth < 8)
      return self(d->operands[0], self, depth + 1);
    if (d && d->opcode == Opcode::Binary && d->operands.size() == 2 &&
        (d->op == OpName::Add || d->op == OpName::Sub || d->op == OpName::PtrAdd)) {
      for (int k = 0; k < 2; ++k) {
        const Operand &c = d->operands[static_cast<size_t>(k)], &x = d->operands[static_cast<size_t>(1 - k)];
        if (c.kind != OpKind::Int || (k == 0 && d->op == OpName::Sub) || !itself(x))
          continue;
        const int64_t step = d->op == OpName::Sub ? -c.value : c.value;
        const int sign = step > 0 ? 1 : step < 0 ? -1 : 0;
        if (sign && dir && sign != dir)
          unknown = true;
        else if (sign)
          dir = sign;
        return;
      }
    }
    // (A merge inside the loop of ways that step or not: "if (x) n++".)
    if (d && d->opcode == Opcode::Phi && depth < 8 && !local && d->result != t) {
      for (const Operand &in : d->operands)
        self(in, self, depth + 1);
      return;
    }
    unknown = true;
  };
  if (!local) {
    for (const Instruction &in : f.blocks[head].insns) {
      if (in.opcode != Opcode::Phi || in.result != t)
        continue;
      for (size_t k = 0; k < in.targets.size(); ++k)
        if (m_cur->back_edges.count({in.targets[k], head}))
          step_of(in.operands[k], step_of, 0);
      return unknown ? 0 : dir;
    }
    return 0;
  }
  for (size_t b = 0; b < f.blocks.size(); ++b)
    if (body.test(b))
      for (const Instruction &in : f.blocks[b].insns) {
        if (in.opcode == Opcode::Addr && in.place.base == PlaceBase::Local && in.place.id == t)
          return 0; // (its address taken: written elsewhere too)
        if (in.opcode == Opcode::Store && in.place.base == PlaceBase::Local && in.place.id == t) {
          if (!in.place.path.empty())
            return 0;
          step_of(in.operands[0], step_of, 0);
        }
      }
  return unknown ? 0 : dir;
}

SvalId FunctionAnalysis::widened_bound(const State &s, SvalId was, int step) const {
  if (!step || !was)
    return 0;
  // (From a widened value stepped, "w + 1" on the next trip: what was
  // known of w, so that the bound does not creep up trip by trip.)
  const SvalId from = m_svals[was].kind == SK::Plus ? m_svals[was].base : was;
  int64_t lo, hi;
  range_of(s, from, lo, hi);
  if (step > 0 && lo != INT64_MIN)
    return m_svals.get(SK::Const, lo);
  if (step < 0 && hi != INT64_MAX)
    return m_svals.get(SK::Const, hi);
  return 0;
}

bool FunctionAnalysis::from_params(SvalId v, int depth) const {
  const Sval &sv = m_svals[v];
  if (depth > 6)
    return false;
  switch (sv.kind) {
  case SK::Param: return true;
  case SK::Const: return depth > 0;
  case SK::Plus:
  case SK::OpConst: return from_params(sv.base, depth + 1);
  case SK::Cmp: return from_params(sv.base, depth + 1) && from_params(static_cast<SvalId>(sv.b), depth + 1);
  default: return false;
  }
}

void FunctionAnalysis::generalize(State &s, uint32_t block, int level, uint32_t start, bool resumed,
                                  const Bindings *earlier) {
  s.approximate = true;
  // Unwritten storage is reported only on paths with no facts dropped:
  // past here, knowing it would only keep states apart. (So are checks
  // after a dereference.)
  s.uninit.clear();
  s.derefs.clear();
  s.vague_reads.clear();
  // Results of const calls always stay: equal calls must agree.
  auto stays = [&](SvalId v) { return m_svals[v].kind == SK::Pure || (level < 2 && is_stable(v)); };
  // (A struct value names the memory that holds its fields: widening it
  // would lose them.)
  auto keep = [&](SvalId v) {
    SvalId root = root_of(v);
    return is_address(root) || stays(root) || is_tracked(s, root) || set_contains(s.escaped, root) ||
           m_svals[root].kind == SK::Aggregate;
  };
  // A constant a call just returned stays, and so does the one a return
  // block returns: no loop runs through them, and branches on a result
  // (0 or an error code) need it to tell outcomes apart.
  uint32_t result = 0;
  if (block < fn().blocks.size() && !fn().blocks[block].insns.empty()) {
    const std::vector<Instruction> &insns = fn().blocks[block].insns;
    if (resumed && start < insns.size())
      result = insns[start].result;
    else if (insns.back().opcode == Opcode::Ret && !insns.back().operands.empty() &&
             insns.back().operands[0].is_temp())
      result = insns.back().operands[0].id;
  }
  // Values kept as they are whose facts stay too (constraints are dropped
  // for the rest): widened before, the callers', memory left unchanged.
  std::vector<SvalId> facts_kept;
  const bool tracking = tracks_anything(s);
  Roots present; // (the state's roots before any is widened)
  std::vector<SvalId> nonnull_widened;
  const bool loop_head = m_cur->loop_body.count(block) > 0;
  const SvalId null = m_svals.get(SK::Const, 0);
  // A loop's own variables (its head's phis, the locals it stores), as a
  // path enters the loop or first goes round it, keep their constants:
  // the counter starts where it starts. Widened beside what the path
  // tracks, "i < n" could leave a loop that frees v[i] before any was
  // freed. (From the second trip on, a counter is widened as it goes
  // round: take_edge.)
  std::vector<uint32_t> own_temps;
  std::vector<uint32_t> own_locals; // (local indices, sorted)
  bool entering = false;
  if (loop_head) {
    const Function &f = fn();
    for (const Instruction &in : f.blocks[block].insns)
      if (in.opcode == Opcode::Phi)
        own_temps.push_back(in.result);
    const Bitset &body = m_cur->loop_body.at(block);
    for (size_t b = 0; b < f.blocks.size(); ++b)
      if (body.test(b))
        for (const Instruction &in : f.blocks[b].insns)
          if (in.opcode == Opcode::Store && in.place.base == PlaceBase::Local && in.place.path.empty())
            own_locals.push_back(in.place.id);
    escape_indexed_locals(s, block);
    std::sort(own_locals.begin(), own_locals.end());
    own_locals.erase(std::unique(own_locals.begin(), own_locals.end()), own_locals.end());
    auto it = std::lower_bound(s.loops.begin(), s.loops.end(), std::make_pair(block, uint8_t(0)));
    entering = level < 2 && it != s.loops.end() && it->first == block && it->second < 2;
  }
  // The local (of this frame) a binding is, whole; -1 if none.
  const uint64_t frame = static_cast<uint64_t>(s.stack.size()) << kFrameShift;
  auto own_local = [&](const std::pair<RegionId, SvalId> &m) -> int64_t {
    if (own_locals.empty() || m_regions.kind(m.first) != 'L')
      return -1;
    const std::string &key = rk(m.first);
    const uint64_t lid = key_base(key);
    if (key_base_end(key) != key.size() || (lid & ~static_cast<uint64_t>(kLocalMask)) != frame ||
        !std::binary_search(own_locals.begin(), own_locals.end(), static_cast<uint32_t>(lid & kLocalMask)))
      return -1;
    return static_cast<int64_t>(lid & kLocalMask);
  };
  // Counters widened here, and the bound each keeps (assumed once the
  // facts are dropped).
  std::vector<std::tuple<SvalId, OpName, SvalId>> bounds;
  auto bound = [&](SvalId w, SvalId was, int step) {
    if (const SvalId c = widened_bound(s, was, step))
      bounds.emplace_back(w, step > 0 ? OpName::Ge : OpName::Le, c);
  };
  for (auto &t : s.temps) {
    if (result && t.first == result && m_svals[t.second].kind == SK::Const)
      continue;
    const bool own = std::find(own_temps.begin(), own_temps.end(), t.first) != own_temps.end();
    if (entering && own && m_svals[t.second].kind == SK::Const)
      continue;
    // A parameter's value (the analysed function's) is one value on every
    // path: widened, it would not make paths meet sooner, only make two
    // calls given it disagree ("if (is_stdout (name))" before and after
    // a loop).
    // (So is a value computed from parameters and constants alone, the
    // flag "regex = pat != NULL" that guards both a regcomp and its
    // regfree: kept, with what the path learned of it, while a checker
    // tracks something. Elsewhere keeping it costs states and buys no
    // correlation a report needs.)
    if (m_svals[t.second].kind == SK::Param || (tracking && from_params(t.second)))
      continue;
    // (So is what a function stepped into was given, in the temporary that
    // holds its parameter: the caller's "regex" that guards both a
    // regcomp and its regfree, whatever the caller knew of it.)
    if (is_param_temp(fn(), t.first)) {
      facts_kept.push_back(t.second);
      continue;
    }
    // A value an earlier loop widened already stands for any: widened again
    // here while a checker tracks something, it would only lose what
    // branches since learned of it ("cnt > 0" after the loop that counted,
    // guarding an allocation).
    if (tracking && is_widened(t.second) &&
        m_svals[t.second].a != m_cur->uid_base[block]) {
      facts_kept.push_back(t.second);
      continue;
    }
    // A truth value (a one-bit bool: "a && !f ()" lowered to a flag, then
    // tested) keeps its constant: it has two values, so keeping it never
    // stops the exploration ending, and widened, its test goes both ways.
    if (fn().temps[t.first].type.is_bool() && m_svals[t.second].kind == SK::Const)
      continue;
    // So does a flag (0 or 1) while a checker tracks something: it may be
    // what says whether the thing was acquired ("found = 1" beside the
    // fopen), and widened, the release could be skipped where it was not.
    if (tracking && m_svals[t.second].kind == SK::Const && (m_svals[t.second].a == 0 || m_svals[t.second].a == 1))
      continue;
    // A pointer a branch found NULL ("rp == NULL" as a loop ends) is NULL:
    // widening it would let a later test of it go either way. One known
    // not to be NULL stays so where no loop goes round: whether a loop
    // ended on NULL or broke out on a find is worth two states.
    const bool pointer = level < 2 && fn().temps[t.first].type.kind == TypeKind::Ptr;
    if (pointer && !keep(t.second) && compare(s, t.second, OpName::Eq, null) == Tri::True) {
      t.second = null;
      continue;
    }
    if (!keep(t.second)) {
      const bool nonnull = pointer && !loop_head && compare(s, t.second, OpName::Ne, null) == Tri::True;
      const SvalId was = t.second;
      t.second = widen_to(s, block, t.first, t.second, &present);
      // (A value read again after an unknown change, widened: on this
      // path the temporary holds it still, so what the path knew of it
      // holds of the widened value - "lp = lp->next" of a next the
      // iteration found NULL, before a call that may have changed it.)
      if (s.rereads(was))
        for (State::Changed &c : s.changed)
          if (c.reread == was)
            c.reread = t.second;
      if (own && level < 2)
        bound(t.second, was, loop_step(block, t.first, false));
      if (nonnull)
        nonnull_widened.push_back(t.second);
    } else if (level >= 2 && m_svals[t.second].kind == SK::Offset &&
               (m_svals[t.second].a != kUnknownOffset || m_svals[t.second].b)) // somewhere in the same object
      t.second = m_svals.get(SK::Offset, kUnknownOffset, 0, m_svals[t.second].base);
  }
  // What a caller holds that its own loop widened already, or a flag (0
  // or 1), while a checker tracks something, stays as it is in a callee's
  // generalization: the callee cannot change it, and widened again it
  // would lose what the caller's branches learned of it ("if (n > 0)
  // helper (v, n);" then "for (i = 0; i < n; i++) free (v[i])").
  auto callers_kept = [&](SvalId v) {
    if (!tracking || level >= 2)
      return false;
    if (is_widened(v)) {
      facts_kept.push_back(v);
      return true;
    }
    const Sval &sv = m_svals[v];
    return sv.kind == SK::Const && (sv.a == 0 || sv.a == 1);
  };
  for (Frame &f : s.stack) // the callers' too: they may differ the most
    for (auto &t : f.temps)
      if (is_param_temp(m_module.functions[f.fn], t.first)) {
        facts_kept.push_back(t.second); // (as above)
      } else if (!keep(t.second) && m_svals[t.second].kind != SK::Param && !callers_kept(t.second)) { // (a parameter: as above)
        const uint32_t uid = info(f.fn).uid_base[f.block] + f.index;
        const SvalId fresh = m_svals.get(SK::Conjured, uid, -1 - static_cast<int64_t>(t.first));
        // (Made by an earlier generalization here, that value may since
        // have moved elsewhere in the state - the caller's loop stepped
        // on, "it = it1", and passed it to the callee: it is another
        // value from now on, as widen_to has it.)
        if (fresh != t.second && in_state(s, fresh)) {
          rename_value(s, fresh, conjure(s, uid));
          present.ready = false;
        }
        t.second = fresh;
        SvalId &w = m_widened[(static_cast<uint64_t>(uid) << 32) | t.first];
        if (!w)
          w = t.second; // (now in a state)
      }
  // A value every generalization keeps as it is, and whether the path
  // learned how v compares with one.
  auto kept_as_is = [&](SvalId x) {
    const SvalId root = root_of(x);
    return stays(x) || is_tracked(s, x) || m_svals[root].kind == SK::Param || is_address(root);
  };
  auto related_to_kept = [&](SvalId v) {
    return std::any_of(s.relations.begin(), s.relations.end(), [&](const Relation &r) {
      return (r.a == v && kept_as_is(r.b)) || (r.b == v && kept_as_is(r.a));
    });
  };
  auto flag = [&](SvalId v) {
    return m_svals[v].kind == SK::Const && (m_svals[v].a == 0 || m_svals[v].a == 1);
  };
  const bool straight = std::none_of(m_cur->loop_body.begin(), m_cur->loop_body.end(),
                                     [&](const auto &l) { return l.second.test(block); });
  auto unchanged = [&](const std::pair<RegionId, SvalId> &m) {
    return earlier && level < 2 && std::binary_search(earlier->begin(), earlier->end(), m);
  };
  {
    Bindings dropped;
    // (A counter the loop keeps in a local: widened as a temporary is,
    // named by the point and the local; with the way it steps.)
    std::vector<std::pair<std::pair<RegionId, SvalId>, int>> counters;
    Bindings nonzero;
    s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                  [&](const auto &m) {
                                    if (keep(m.second))
                                      return false;
                                    // (Memory the state had here before, unchanged, keeps
                                    // its value, and what branches learned of it: the size
                                    // "c->block_size" an allocation found 0.)
                                    if (unchanged(m)) {
                                      facts_kept.push_back(m.second);
                                      return false;
                                    }
                                    if (!s.stack.empty() && m_regions.kind(m.first) == 'L' &&
                                        (key_base(rk(m.first)) >> kFrameShift) < s.stack.size() &&
                                        callers_kept(m.second))
                                      return false;
                                    const int64_t l = own_local(m);
                                    if (l >= 0 && entering && m_svals[m.second].kind == SK::Const)
                                      return false;
                                    // Nor, off a loop's head, what the path related to a value
                                    // kept as it is ("a->arg != a->direct" before the realloc
                                    // of a->arg): read again, it is the value the relation is
                                    // about. (At the head the loop's widening decides.)
                                    if (!loop_head && related_to_kept(m.second))
                                      return false;
                                    if (l >= 0 && level < 2 && m_svals[m.second].kind != SK::Aggregate)
                                      if (const int step = loop_step(block, static_cast<uint32_t>(l), true)) {
                                        counters.push_back({m, step});
                                        return false;
                                      }
                                    // (Where no loop goes round, nothing but the path writes it
                                    // before a later read: what the path knew of it stays true,
                                    // and a branch that needs otherwise follows a guess.)
                                    // (Nor where a loop does go round, of a value read
                                    // again after an unknown change: a local holding it
                                    // holds it still on this path.)
                                    // Elsewhere a value known not to be 0 (a pointer not
                                    // NULL) stays so, widened: a field a loop's trip set
                                    // from a pointer it checked ("args->name = optarg") is
                                    // not NULL on the next trip either, whatever it points
                                    // to by then.
                                    // (Nor, where a loop goes round, of a flag, 0 or 1: what
                                    // the path last stored holds until it stores again, and
                                    // a note of two values never keeps a loop's states from
                                    // meeting. "allocated = 0" beside a returned literal
                                    // guards the literal's free.)
                                    if (straight || s.rereads(m.second) || flag(m.second))
                                      note_changed(s, m.first, m.second, true);
                                    else if (level < 2 && compare(s, m.second, OpName::Ne, null) == Tri::True)
                                      nonzero.push_back(m);
                                    dropped.push_back(m);
                                    return true;
                                  }),
                   s.memory.end());
    forget_unwritten(s, dropped);
    for (const auto &[r, was] : nonzero) {
      const SvalId w = widen_to(s, block, kMemoryTemp | (r & ~kMemoryTemp), was, &present);
      set_binding(s.memory, r, w);
      nonnull_widened.push_back(w);
    }
    for (const auto &[m, step] : counters) {
      const uint32_t l = static_cast<uint32_t>(key_base(rk(m.first)) & kLocalMask);
      const SvalId w = widen_to(s, block, kCounterTemp + l, m.second, &present);
      bound(w, m.second, step);
      set_binding(s.memory, m.first, w);
    }
  }
  // A size stays known where its value does.
  s.extents.erase(std::remove_if(s.extents.begin(), s.extents.end(),
                                 [&](const auto &e) { return m_svals[e.second].kind != SK::Const && !stays(e.second); }),
                  s.extents.end());
  // (A parameter keeps its value, above: while a checker tracks
  // something, what the path learned of it, or of what is computed from it
  // ("flags & 4"), stays true with it, or a test that guarded an
  // acquisition could go the other way at the release.)
  // (What is computed from a value kept with its facts keeps its own:
  // "flags & 4" of a word memory still holds.)
  auto kept_with_facts = [&](SvalId v) {
    for (int depth = 0; v && depth < 5; ++depth, v = derived_base(v))
      if (std::find(facts_kept.begin(), facts_kept.end(), v) != facts_kept.end())
        return true;
    return false;
  };
  s.constraints.erase(std::remove_if(s.constraints.begin(), s.constraints.end(),
                                     [&](const Constraint &k) {
                                       return !is_tracked(s, k.v) && !stays(k.v) && !(tracking && from_params(k.v)) &&
                                              !kept_with_facts(k.v);
                                     }),
                      s.constraints.end());
  // (So does how two values compare where the state still holds both as
  // they were: bound, tracked, kept, or what a note of a place read again
  // stands for. "a->arg != a->direct" learned before the realloc that
  // frees a->arg stays, or a later "a->arg == a->direct" goes either way on
  // the freed pointer.)
  auto held = [&](SvalId v) {
    return kept_as_is(v) || in_state(s, v) ||
           std::any_of(s.changed.begin(), s.changed.end(),
                       [&](const State::Changed &c) { return c.old == v || c.reread == v; });
  };
  s.relations.erase(std::remove_if(s.relations.begin(), s.relations.end(),
                                   [&](const Relation &r) { return !held(r.a) || !held(r.b); }),
                    s.relations.end());
  for (SvalId w : nonnull_widened)
    assume(s, w, OpName::Ne, null);
  for (const auto &[w, op, c] : bounds)
    assume(s, w, op, c);
}

void FunctionAnalysis::join(State &s, const State &e) {
  if (s.fn != e.fn || !(s.stack == e.stack) || s.temps != e.temps || s.sm != e.sm ||
      s.loops.size() != e.loops.size())
    return;
  for (size_t k = 0; k < s.loops.size(); ++k)
    if (s.loops[k].first != e.loops[k].first)
      return;
  // Trips round each loop: the larger count (from two on, constants
  // flowing round are widened, which covers fewer trips too).
  for (size_t k = 0; k < s.loops.size(); ++k)
    s.loops[k].second = std::max(s.loops[k].second, e.loops[k].second);
  // What each path knew of a place the join forgets, or that code it
  // cannot see may have changed (State::changed): a branch both exclude
  // follows a guess. (Known on one path only: nothing.)
  std::vector<State::Changed> changed;
  if (!s.changed.empty() || !e.changed.empty() || s.memory != e.memory) {
    auto knowledge = [&](const State &x, const State &y) {
      std::vector<State::Changed> k = x.changed;
      for (const auto &m : x.memory)
        if (!std::binary_search(y.memory.begin(), y.memory.end(), m)) {
          State::Changed c;
          auto it = std::lower_bound(k.begin(), k.end(), State::Changed{m.first, 0, 0, false, 0, 0});
          if ((it == k.end() || it->region != m.first) && known_of(x, m.first, m.second, true, c))
            k.insert(it, c);
        }
      return k;
    };
    const std::vector<State::Changed> ks = knowledge(s, e), ke = knowledge(e, s);
    for (const State::Changed &a : ks) {
      auto it = std::lower_bound(ke.begin(), ke.end(), a);
      if (it == ke.end() || it->region != a.region)
        continue;
      State::Changed c{a.region, std::min(a.lo, it->lo), std::max(a.hi, it->hi), a.nonzero && it->nonzero,
                       a.reread == it->reread ? a.reread : 0, a.old == it->old ? a.old : 0,
                       a.written || it->written, a.ones & it->ones, a.zeros & it->zeros};
      if (c.informs() && changed.size() < 32)
        changed.push_back(c);
    }
  }
  // Memory both describe alike stays; the rest is forgotten (a later
  // read finds an unknown value).
  if (s.memory != e.memory) {
    Bindings common, gone;
    std::set_intersection(s.memory.begin(), s.memory.end(), e.memory.begin(), e.memory.end(),
                          std::back_inserter(common));
    std::set_difference(s.memory.begin(), s.memory.end(), e.memory.begin(), e.memory.end(),
                        std::back_inserter(gone));
    s.memory = std::move(common);
    // What only the forgotten memory held may still be held there: it
    // escapes rather than leaks.
    for (const auto &m : gone)
      escape_value(s, m.second);
    forget_unwritten(s, gone);
    Bindings gone_e;
    std::set_difference(e.memory.begin(), e.memory.end(), s.memory.begin(), s.memory.end(),
                        std::back_inserter(gone_e));
    forget_unwritten(s, gone_e);
  }
  if (s.vague_reads != e.vague_reads) {
    std::vector<State::VagueRead> both;
    std::set_intersection(s.vague_reads.begin(), s.vague_reads.end(), e.vague_reads.begin(), e.vague_reads.end(),
                          std::back_inserter(both), [](const auto &x, const auto &y) {
                            return std::tie(x.root, x.index, x.shape, x.value) < std::tie(y.root, y.index, y.shape, y.value);
                          });
    s.vague_reads = std::move(both);
  }
  if (s.extents != e.extents) {
    Extents both;
    std::set_intersection(s.extents.begin(), s.extents.end(), e.extents.begin(), e.extents.end(),
                          std::back_inserter(both));
    s.extents = std::move(both);
  }
  std::vector<Constraint> cs;
  for (const Constraint &c : s.constraints) {
    if (!c.is_range) {
      if (std::binary_search(e.constraints.begin(), e.constraints.end(), c))
        cs.push_back(c);
      continue;
    }
    auto it = std::lower_bound(e.constraints.begin(), e.constraints.end(), Constraint{c.v, true, INT64_MIN, INT64_MIN});
    if (it != e.constraints.end() && it->v == c.v && it->is_range)
      cs.push_back({c.v, true, std::min(c.lo, it->lo), std::max(c.hi, it->hi)});
  }
  s.constraints = std::move(cs);
  // Dereferenced only if dereferenced on both.
  {
    std::vector<State::Deref> both;
    for (const State::Deref &d : s.derefs)
      if (std::find(e.derefs.begin(), e.derefs.end(), d) != e.derefs.end())
        both.push_back(d);
    s.derefs = std::move(both);
  }
  // Unwritten only if unwritten on both.
  std::vector<SvalId> both;
  std::set_intersection(s.uninit.begin(), s.uninit.end(), e.uninit.begin(), e.uninit.end(),
                        std::back_inserter(both));
  s.uninit = std::move(both);
  std::vector<Relation> rs;
  std::set_intersection(s.relations.begin(), s.relations.end(), e.relations.begin(), e.relations.end(),
                        std::back_inserter(rs));
  s.relations = std::move(rs);
  std::vector<SvalId> u;
  std::set_union(s.escaped.begin(), s.escaped.end(), e.escaped.begin(), e.escaped.end(), std::back_inserter(u));
  s.escaped = std::move(u);
  u.clear();
  std::set_union(s.exposed.begin(), s.exposed.end(), e.exposed.begin(), e.exposed.end(), std::back_inserter(u));
  s.exposed = std::move(u);
  s.approximate = true;
  s.joined = true;
  // (A real path among those joined: reported on.)
  s.guessed = s.guessed && e.guessed;
  s.changed = std::move(changed);
}

} // namespace pathwise::detail
