// Purging: what a state no longer reaches is forgotten, and a resource
// that became unreachable is reported as leaked.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/analysis.h"

#include <functional>

namespace pathwise::detail {

bool FunctionAnalysis::holds_resource(const State &s, SvalId v) const {
  v = root_of(v);
  // (Escaped: someone else holds it too.)
  return !set_contains(s.escaped, v) && is_held(s, v);
}

std::vector<uint32_t> FunctionAnalysis::unheld(const State &s, const std::vector<uint32_t> &dead) const {
  std::vector<uint32_t> out;
  out.reserve(dead.size());
  auto held_elsewhere = [&](uint32_t t, SvalId v) {
    for (auto &b : s.temps)
      if (b.first != t && b.second == v && std::find(dead.begin(), dead.end(), b.first) == dead.end())
        return true;
    for (auto &m : s.memory)
      if (m.second == v)
        return true;
    return false;
  };
  for (uint32_t t : dead) {
    SvalId v = s.temp(t);
    if (v && holds_resource(s, v) && (fn().temps[t].var || !held_elsewhere(t, v))) {
      bool superseded = false; // another value of the same variable is bound
      for (auto &b : s.temps)
        if (b.first != t && same_variable(t, b.first) && std::find(dead.begin(), dead.end(), b.first) == dead.end())
          superseded = true;
      if (!superseded)
        continue;
    }
    out.push_back(t);
  }
  return out;
}

void FunctionAnalysis::mark_reachable(const State &s, const std::vector<SvalId> &roots) {
  if (++m_reach.stamp == 0) { // (wrapped round: no mark may look current)
    std::fill(m_reach.marks.begin(), m_reach.marks.end(), 0);
    m_reach.stamp = 1;
  }
  if (m_reach.marks.size() < m_svals.size())
    m_reach.marks.resize(m_svals.size() + m_svals.size() / 2, 0);
  std::vector<uint32_t> &marks = m_reach.marks;
  const uint32_t stamp = m_reach.stamp;
  // A value reaches what it was derived from (p + 8 reaches p). A marked
  // value's chain is marked already.
  // (A stored comparison of parameters, "flag = p != NULL", reaches both
  // sides while a checker tracks something: what a branch on the flag
  // learned of p stays with it. Not one of a loop's counter, nor where
  // nothing is tracked: kept, it would only keep states apart.)
  const bool tracking = tracks_anything(s);
  std::function<bool(SvalId)> add = [&](SvalId v) {
    bool grew = false;
    for (; v && marks[v] != stamp; v = m_svals[v].kind == SK::Offset || derived_base(v) ? m_svals[v].base : 0) {
      marks[v] = stamp;
      grew = true;
      // (A place named by an index reaches the index.)
      if (const SvalId name = place_name(v)) {
        marks[name] = stamp;
        add(m_svals[name].base);
      }
      if (tracking && m_svals[v].kind == SK::Cmp && from_params(v)) {
        add(static_cast<SvalId>(m_svals[v].b));
        add(m_svals[v].base);
      }
    }
    return grew;
  };
  for (SvalId r : roots)
    add(r);
  // (A place read at an unknown index gives its value again: State::vague_reads.)
  for (auto &r : s.vague_reads) {
    add(r.root);
    add(r.index);
    add(r.value);
  }
  for (auto &t : s.temps)
    add(t.second);
  for (auto &f : s.stack) // the callers' values are still theirs
    for (auto &t : f.temps)
      add(t.second);
  bool pointees = false;
  for (auto &m : s.memory) {
    if (m_regions.kind(m.first) != 'S') {
      add(m.second);
    } else {
      pointees = true;
      // The caller holds the parameter, and so what it points to; a const
      // function called again gives the same pointer (errno's).
      if (caller_visible(rk(m.first)) || m_svals[region_base(m.first)].kind == SK::Pure) {
        add(region_base(m.first));
        add(m.second);
      }
    }
  }
  // What a reachable pointer points to is reachable (p->next->data).
  for (bool grew = pointees; grew;) {
    grew = false;
    for (auto &m : s.memory)
      if (m_regions.kind(m.first) == 'S' && reached(region_base(m.first)))
        grew = add(m.second) || grew;
  }
  // The size of what a reachable pointer points to (what is known of n
  // after malloc (n) stays with the buffer).
  for (const auto &e : s.extents)
    if (reached(e.first))
      for (SvalId v = e.second; v && marks[v] != stamp; v = derived_base(v) ? m_svals[v].base : 0)
        marks[v] = stamp;
}

void FunctionAnalysis::purge(State &s, const std::vector<uint32_t> &dead_temps, const std::vector<uint32_t> &dead_locals,
                             bool everything, SvalId keep, const Loc &loc) {
  std::vector<std::pair<SvalId, std::string>> dropped;
  dropped.reserve(dead_temps.size());
  std::vector<std::string> dead_slots;
  // What the caller still sees: the returned value and, for a struct
  // returned by value, what its fields hold.
  std::vector<SvalId> kept;
  if (keep) {
    kept.push_back(keep);
    if (m_svals[keep].kind == SK::Aggregate) {
      const RegionId place = m_regions.find(m_svals.string_at(m_svals[keep].a));
      for (auto &m : s.memory)
        if (place && m_regions.within(m.first, place))
          kept.push_back(m.second);
    }
  }
  for (uint32_t t : dead_temps) {
    if (SvalId v = s.temp(t)) {
      dropped.push_back({v, leak_text(s, v, m_cur->temp_text[t])});
      s.bind(t, 0);
      if (m_svals[v].kind == SK::Aggregate && is_return_slot(m_svals.string_at(m_svals[v].a)))
        dead_slots.push_back(m_svals.string_at(m_svals[v].a));
    }
  }
  // What the memory under prefix held is dropped with it.
  auto drop_under = [&](const std::string &prefix) {
    const RegionId place = m_regions.find(prefix);
    if (!place)
      return; // (nothing was ever bound there)
    for (auto it = s.memory.begin(); it != s.memory.end();) {
      if (m_regions.within(it->first, place)) {
        dropped.push_back({it->second, is_tracked(s, it->second) ? memory_text(s, rk(it->first)) : std::string()});
        it = s.memory.erase(it);
      } else {
        ++it;
      }
    }
  };
  for (const std::string &slot : dead_slots)
    drop_under(slot);
  for (uint32_t l : dead_locals)
    drop_under("L" + std::to_string(l));
  if (everything) {
    // Memory first: 'tmp.m_ptr' names a leak better than 'malloc(8)'.
    // Globals stay, and so does what they reach.
    // What only the heap held has no name a reader would know
    // ('<unknown>', as GCC says).
    for (auto &mm : s.memory)
      if (m_regions.kind(mm.first) != 'G')
        dropped.push_back({mm.second, m_regions.kind(mm.first) == 'S' || !is_tracked(s, mm.second) ? std::string() : memory_text(s, rk(mm.first))});
    s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                  [&](const auto &m) { return m_regions.kind(m.first) == 'L'; }),
                   s.memory.end());
    for (auto &t : s.temps)
      dropped.push_back({t.second, leak_text(s, t.second, m_cur->temp_text[t.first])});
    s.temps.clear();
  }
  // A handle that is a local's address (a z_stream on the stack, set up by
  // inflateInit (&strm)) is lost with the local, unless something that
  // lives on holds the address.
  std::vector<SvalId> dying;
  for (const SmMap &m : s.sm)
    for (const auto &[v, st] : m)
      if (st && m_svals[v].kind == SK::LocalAddr &&
          (everything || std::find(dead_locals.begin(), dead_locals.end(), static_cast<uint32_t>(m_svals[v].a)) !=
                             dead_locals.end()) &&
          std::find(dying.begin(), dying.end(), v) == dying.end())
        dying.push_back(v);
  if (!dying.empty()) {
    mark_reachable(s, kept);
    for (SvalId v : dying)
      if (!reached(v) && !set_contains(s.escaped, v))
        tell_lost(s, v, text_of_value(s, v), loc);
  }
  forget(s, dropped, kept, loc);
}

void FunctionAnalysis::tell_lost(State &s, SvalId v, const std::string &text, const Loc &loc) {
  for (size_t c = 0; c < m_checkers.size(); ++c) {
    StateId st = map_get<StateId>(s.sm[c], v, 0);
    if (!st || !m_checkers[c]->is_leakable(st))
      continue;
    if (compare(s, v, OpName::Eq, m_svals.get(SK::Const, 0)) == Tri::True)
      continue;
    Context ctx(*this, s, static_cast<uint8_t>(c), loc);
    m_checkers[c]->on_leak(ctx, v, st, text);
    // One report per value, whichever checkers track it (a
    // descriptor and its stream are one resource).
    for (SmMap &m : s.sm)
      map_set<StateId>(m, v, 0, 0);
    break;
  }
}

void FunctionAnalysis::forget(State &s, const std::vector<std::pair<SvalId, std::string>> &dropped, const std::vector<SvalId> &kept,
                              const Loc &loc) {
  if (dropped.empty())
    return;
  bool any_state = !s.constraints.empty() || !s.relations.empty() || !s.escaped.empty() || !s.extents.empty();
  for (const SmMap &m : s.sm)
    any_state = any_state || !m.empty();
  if (!any_state)
    return;
  // Most dropped values are plain numbers nothing knows about: then there
  // is nothing to report or forget.
  auto matters = [&](SvalId v) {
    for (SvalId r = v; r; r = m_svals[r].kind == SK::Offset || derived_base(r) ? m_svals[r].base : 0) {
      if (is_tracked(s, r) || set_contains(s.escaped, r))
        return true;
      auto c =
          std::lower_bound(s.constraints.begin(), s.constraints.end(), Constraint{r, false, INT64_MIN, INT64_MIN});
      if (c != s.constraints.end() && c->v == r)
        return true;
      for (const Relation &rel : s.relations)
        if (rel.a == r || rel.b == r)
          return true;
      for (const auto &m : s.memory)
        if (m_regions.kind(m.first) == 'S' && region_base(m.first) == r)
          return true;
      for (const auto &e : s.extents)
        if (e.first == r)
          return true;
    }
    return false;
  };
  // A value still held by a temporary, a local or a global (or kept)
  // stays reachable, and so does all it reaches: dropping it elsewhere
  // loses nothing.
  auto still_held = [&](SvalId v) {
    auto holds = [&](SvalId x) {
      for (; x; x = m_svals[x].kind == SK::Offset || derived_base(x) ? m_svals[x].base : 0)
        if (x == v)
          return true;
      return false;
    };
    if (std::any_of(kept.begin(), kept.end(), holds))
      return true;
    for (auto &t : s.temps)
      if (holds(t.second))
        return true;
    for (auto &f : s.stack)
      for (auto &t : f.temps)
        if (holds(t.second))
          return true;
    for (auto &m : s.memory)
      if (m_regions.kind(m.first) != 'S' && holds(m.second))
        return true;
    return false;
  };
  if (std::none_of(dropped.begin(), dropped.end(),
                   [&](const auto &d) { return matters(d.first) && !still_held(d.first); }))
    return;
  mark_reachable(s, kept);
  auto reachable = [&](SvalId v) { return reached(v); };
  auto report_leak = [&](SvalId v, const std::string &text) {
    if (reachable(v) || set_contains(s.escaped, v))
      return;
    // (What a parameter points to, a global's address or the address of a
    // local still in scope is the caller's, the program's or that frame's:
    // not lost here; a local's own end is told in purge.)
    if (held_beyond(s, root_of(v)))
      return;
    tell_lost(s, v, text, loc);
  };
  // Leaks, in the order the values were dropped (deterministic)...
  for (auto &d : dropped)
    report_leak(d.first, d.second);
  // ...then what only the memory of a lost allocation held, lost with it
  // (res->a as res leaks): '<unknown>', as GCC names it.
  for (const auto &m : s.memory)
    if (m_regions.kind(m.first) == 'S' && !reachable(region_base(m.first)))
      report_leak(m.second, "");
  // (What a pointer held before code the path cannot see changed it
  // points to is still what the path knew of the fields of the pointer
  // read again: State::changed.)
  for (const auto &m : s.memory)
    if (!s.changed.empty() && m_regions.kind(m.first) == 'S' && !reachable(region_base(m.first)) &&
        std::any_of(s.changed.begin(), s.changed.end(),
                    [&](const State::Changed &c) { return c.old == region_base(m.first) && !c.written; }))
      note_changed(s, m.first, m.second, true);
  // Forget what no longer matters, including memory behind pointers
  // nothing holds, and their sizes.
  s.memory.erase(std::remove_if(s.memory.begin(), s.memory.end(),
                                [&](const auto &m) {
                                  return m_regions.kind(m.first) == 'S' && !reachable(region_base(m.first));
                                }),
                 s.memory.end());
  s.extents.erase(std::remove_if(s.extents.begin(), s.extents.end(), [&](const auto &e) { return !reachable(e.first); }),
                  s.extents.end());
  // (What is held beyond this code keeps its states: a mutex locked
  // through &m or through a parameter. So does a truth value, which no
  // counter goes through: the descriptor "close (type == PIPE_IN)" closed
  // stays closed, for the next one made. Not a constant, which a loop's
  // counter may have been on an early trip: "close (i)" for i == 0 would
  // close 0 for the trips after.)
  auto self_named = [&](SvalId v) { return m_svals[v].kind == SK::Cmp; };
  for (SmMap &m : s.sm)
    m.erase(std::remove_if(m.begin(), m.end(),
                           [&](const auto &p) {
                             return !reachable(p.first) && !held_beyond(s, p.first) && !self_named(p.first);
                           }),
            m.end());
  // (A bit of a value still reachable, "flags & 4" of flags, is the same
  // value when computed again: what a branch learned of it stays true. So
  // is an unsigned sum whose fact could not be moved to its base ("n + 1
  // <= 1" of an unknown n: it may wrap), which a loop's guard computes
  // again ("for (w = 1; w < n + 1; w++)" twice). Not other sums, "i + 1":
  // their facts are their base's already, and kept they would only keep
  // a loop's states apart.)
  auto recomputable = [&](SvalId v) {
    const Sval &x = m_svals[v];
    if (x.kind == SK::OpConst)
      return static_cast<OpName>(x.b) == OpName::And && reachable(x.base);
    return x.kind == SK::Plus && !plus_signed(x.b) && reachable(x.base) && !plus_exact(s, v);
  };
  s.constraints.erase(std::remove_if(s.constraints.begin(), s.constraints.end(),
                                     [&](const Constraint &k) {
                                       // Facts about a const function's result stay true.
                                       return !reachable(k.v) && m_svals[k.v].kind != SK::Pure && !recomputable(k.v);
                                     }),
                      s.constraints.end());
  // (A const function's result and a floating-point constant are the
  // same value wherever they come up again: facts about them last. So
  // does a place a known number of bytes into what a reachable pointer
  // points to, a global's address: "a->arg != a->direct_alloc_arg"
  // computes the array's address again.)
  // (So does a place named by an index computed again from what is
  // still reachable: "&t[h & 63]".)
  auto computed_again = [&](SvalId v) {
    for (int depth = 0; v && depth < 5; ++depth, v = derived_base(v))
      if (reachable(v))
        return true;
    return false;
  };
  auto lasting = [&](SvalId v) {
    const Sval &x = m_svals[v];
    return reachable(v) || x.kind == SK::Pure || x.kind == SK::FloatConst || x.kind == SK::GlobalAddr ||
           (x.kind == SK::Offset &&
            (x.a != kUnknownOffset || (x.b && computed_again(m_svals[static_cast<SvalId>(x.b)].base))) &&
            (reachable(x.base) || m_svals[x.base].kind == SK::GlobalAddr));
  };
  s.relations.erase(std::remove_if(s.relations.begin(), s.relations.end(),
                                   [&](const Relation &r) { return !lasting(r.a) || !lasting(r.b); }),
                    s.relations.end());
  // (A value read again that nothing holds any more decides no branch: its
  // note waits for the place to be read again, as before the first read,
  // rather than keep apart states that differ only there.)
  for (State::Changed &c : s.changed)
    if (c.reread && m_svals[c.reread].kind != SK::Const && !reachable(c.reread))
      c.reread = 0;
  s.escaped.erase(std::remove_if(s.escaped.begin(), s.escaped.end(), [&](SvalId v) { return !reachable(v); }),
                  s.escaped.end());
  s.uninit.erase(std::remove_if(s.uninit.begin(), s.uninit.end(),
                                [&](SvalId v) { return m_svals[v].kind != SK::LocalAddr && !reachable(v); }),
                 s.uninit.end());
  s.derefs.erase(std::remove_if(s.derefs.begin(), s.derefs.end(), [&](const auto &d) { return !reachable(d.v); }),
                 s.derefs.end());
}

} // namespace pathwise::detail
